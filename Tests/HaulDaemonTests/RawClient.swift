import Foundation
import HaulDaemon
import XCTest

/// A plain TCP client for the daemon's tests: exact control over `Host`, `Origin` and sizes, which URLSession
/// would rewrite or refuse to send.
final class RawClient {
    let fd: Int32

    init(port: Int) throws {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        var timeout = timeval(tv_sec: 20, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        if result != 0 { throw POSIXError(.ECONNREFUSED) }
    }

    deinit { close(fd) }

    func transmit(_ data: Data) {
        data.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let sent = send(fd, buffer.baseAddress! + offset, buffer.count - offset, Int32(MSG_NOSIGNAL))
                if sent <= 0 { return }
                offset += sent
            }
        }
    }

    /// Reads up to `count` bytes (fewer at end of stream); empty at the end.
    func receive(_ count: Int = 65536) -> Data {
        var buffer = [UInt8](repeating: 0, count: count)
        let read = recv(fd, &buffer, count, 0)
        return read > 0 ? Data(buffer[0..<read]) : Data()
    }

    func receiveExactly(_ count: Int) -> Data? {
        var data = Data()
        while data.count < count {
            let chunk = receive(count - data.count)
            if chunk.isEmpty { return nil }
            data += chunk
        }
        return data
    }

    /// An HTTP answer.
    struct Response {
        var status: Int
        var headers: [String: String]
        var body: Data
        var json: JSONValue? { JSONValue.parse(body) }
    }

    /// Sends one HTTP/1.1 request with `Connection: close` and reads the whole answer.
    static func request(
        port: Int, method: String = "POST", path: String = "/jsonrpc", host: String? = nil, headers: [String: String] = [:],
        body: Data = Data(), contentType: String? = "application/json"
    ) throws -> Response {
        let client = try RawClient(port: port)
        var head = "\(method) \(path) HTTP/1.1\r\nHost: \(host ?? "127.0.0.1:\(port)")\r\nConnection: close\r\n"
        if !body.isEmpty || method == "POST" {
            head += "Content-Length: \(body.count)\r\n"
            if let contentType { head += "Content-Type: \(contentType)\r\n" }
        }
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        client.transmit(Data((head + "\r\n").utf8) + body)
        var raw = Data()
        while true {
            let chunk = client.receive()
            if chunk.isEmpty { break }
            raw += chunk
        }
        guard let split = raw.range(of: Data("\r\n\r\n".utf8)) else { throw POSIXError(.EBADMSG) }
        let lines = String(decoding: raw[..<split.lowerBound], as: UTF8.self).components(separatedBy: "\r\n")
        let status = Int(lines[0].split(separator: " ")[1]) ?? 0
        var fields: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            fields[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return Response(status: status, headers: fields, body: raw[split.upperBound...])
    }

    // MARK: WebSocket

    /// Opens a WebSocket on `/jsonrpc`; returns the handshake's status (101 when upgraded).
    func upgrade(port: Int, origin: String? = nil, host: String? = nil) -> Int {
        var head = "GET /jsonrpc HTTP/1.1\r\nHost: \(host ?? "127.0.0.1:\(port)")\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
        head += "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n"
        if let origin { head += "Origin: \(origin)\r\n" }
        transmit(Data((head + "\r\n").utf8))
        var raw = Data()
        while raw.range(of: Data("\r\n\r\n".utf8)) == nil {
            let chunk = receive(1)
            if chunk.isEmpty { break }
            raw += chunk
        }
        let line = String(decoding: raw, as: UTF8.self).split(separator: " ")
        return line.count > 1 ? Int(line[1]) ?? 0 : 0
    }

    /// Sends a masked text frame (clients must mask).
    func sendText(_ text: String) {
        let payload = Array(text.utf8)
        var frame: [UInt8] = [0x81]
        if payload.count < 126 {
            frame.append(0x80 | UInt8(payload.count))
        } else if payload.count <= 0xFFFF {
            frame.append(0x80 | 126)
            frame += [UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)]
        } else {
            frame.append(0x80 | 127)
            frame += (0..<8).reversed().map { UInt8((payload.count >> ($0 * 8)) & 0xFF) }
        }
        let mask: [UInt8] = [1, 2, 3, 4]
        frame += mask
        frame += payload.enumerated().map { $0.element ^ mask[$0.offset % 4] }
        transmit(Data(frame))
    }

    /// Reads one frame: its opcode and payload; `nil` when the connection ends.
    func readFrame() -> (opcode: UInt8, payload: Data)? {
        guard let head = receiveExactly(2) else { return nil }
        var length = Int(head[head.startIndex + 1] & 0x7F)
        if length == 126 {
            guard let more = receiveExactly(2) else { return nil }
            length = Int(more[more.startIndex]) << 8 | Int(more[more.startIndex + 1])
        } else if length == 127 {
            guard let more = receiveExactly(8) else { return nil }
            length = more.reduce(0) { $0 << 8 | Int($1) }
        }
        guard let payload = length == 0 ? Data() : receiveExactly(length) else { return nil }
        return (head[head.startIndex] & 0x0F, payload)
    }

    /// Reads text frames until one satisfies `match`, or the connection ends.
    func readJSON(until match: (JSONValue) -> Bool) -> JSONValue? {
        while let frame = readFrame() {
            guard frame.opcode == 1, let value = JSONValue.parse(frame.payload) else {
                if frame.opcode == 8 { return nil }
                continue
            }
            if match(value) { return value }
        }
        return nil
    }
}
