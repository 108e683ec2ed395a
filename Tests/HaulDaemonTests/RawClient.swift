import Foundation
import HaulDaemon
import XCTest

/// A plain TCP client for the daemon's tests: exact control over `Host`, `Origin` and sizes, which URLSession
/// would rewrite or refuse to send.
final class RawClient {
    let fd: Int32

    /// Connects to the daemon on `port`.
    ///
    /// - Parameters:
    ///   - receiveBuffer: the socket's receive buffer in bytes (small: the kernel holds little of what the
    ///     daemon sends, so a client that does not read is felt by the daemon at once).
    ///   - sendBuffer: the socket's send buffer in bytes, likewise.
    ///   - sendTimeout: how long a send may block before `transmit` gives up.
    init(port: Int, receiveBuffer: Int? = nil, sendBuffer: Int? = nil, sendTimeout: Duration? = nil) throws {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        for (option, size) in [(SO_RCVBUF, receiveBuffer), (SO_SNDBUF, sendBuffer)] {
            guard var size = size.map(Int32.init) else { continue }
            setsockopt(fd, SOL_SOCKET, option, &size, socklen_t(MemoryLayout<Int32>.size))
        }
        if let sendTimeout {
            let (seconds, attoseconds) = sendTimeout.components
            var limit = timeval(tv_sec: Int(seconds), tv_usec: Int(attoseconds / 1_000_000_000_000))
            setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        }
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

    /// Sends all of `data`; `false` when a send failed or timed out (part of it may have gone).
    @discardableResult
    func transmit(_ data: Data) -> Bool {
        data.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let sent = send(fd, buffer.baseAddress! + offset, buffer.count - offset, Int32(MSG_NOSIGNAL))
                if sent <= 0 { return false }
                offset += sent
            }
            return true
        }
    }

    /// Whether the daemon closes the connection within `limit` (reading and dropping what it sends meanwhile).
    func closedByPeer(within limit: Duration) -> Bool {
        let deadline = ContinuousClock.now + limit
        var buffer = [UInt8](repeating: 0, count: 65536)
        while ContinuousClock.now < deadline {
            var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let left = max(Int32((deadline - ContinuousClock.now).components.seconds * 1000 + 1), 1)
            guard poll(&poller, 1, min(left, 200)) > 0 else { continue }
            let read = recv(fd, &buffer, buffer.count, 0)
            if read == 0 { return true }
            if read < 0 && errno != EAGAIN && errno != EINTR { return true }  // reset
        }
        return false
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

    /// Sends a masked text frame (clients must mask); `false` when the send failed or timed out.
    @discardableResult
    func sendText(_ text: String) -> Bool {
        sendFrame(opcode: 1, Array(text.utf8))
    }

    /// Sends one frame as given: `masked` false, `rsv` bits (0-7, RSV1 the highest) or a reserved `opcode` make
    /// one that breaks RFC 6455.
    @discardableResult
    func sendFrame(opcode: UInt8, _ payload: [UInt8], fin: Bool = true, masked: Bool = true, rsv: UInt8 = 0) -> Bool {
        var frame: [UInt8] = [(fin ? 0x80 : 0) | (rsv & 7) << 4 | (opcode & 0x0F)]
        let maskBit: UInt8 = masked ? 0x80 : 0
        if payload.count < 126 {
            frame.append(maskBit | UInt8(payload.count))
        } else if payload.count <= 0xFFFF {
            frame.append(maskBit | 126)
            frame += [UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)]
        } else {
            frame.append(maskBit | 127)
            frame += (0..<8).reversed().map { UInt8((payload.count >> ($0 * 8)) & 0xFF) }
        }
        if masked {
            let mask: [UInt8] = [1, 2, 3, 4]
            frame += mask
            frame += payload.enumerated().map { $0.element ^ mask[$0.offset % 4] }
        } else {
            frame += payload
        }
        return transmit(Data(frame))
    }

    /// The close code of the close frame the daemon sends next (frames before it are skipped); `nil` when the
    /// connection ends without one.
    func closeCode() -> UInt16? {
        while let frame = readFrame() {
            guard frame.opcode == 8 else { continue }
            guard frame.payload.count >= 2 else { return 0 }
            return UInt16(frame.payload[frame.payload.startIndex]) << 8 | UInt16(frame.payload[frame.payload.startIndex + 1])
        }
        return nil
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
