import Foundation
#if canImport(Glibc)
import Glibc
#endif
import NIOConcurrencyHelpers

/// A small HTTP `CONNECT` proxy on a free local port, for tests of proxy support: it records every request head
/// it receives (so a test can prove which credentials reached it), can demand Basic credentials (answering 407
/// without them), and tunnels bytes to IPv4 targets (`127.0.0.1`, `localhost`) without looking at them.
///
/// Plain threads and POSIX sockets, one thread per direction of a tunnel: a test proxy carries a handful of
/// connections, and blocking code keeps it short and obviously correct.
public final class TestProxy: Sendable {
    /// One request head the proxy received.
    public struct Request: Sendable {
        /// `CONNECT` (or whatever else a client sent).
        public var method: String
        /// The request target, `host:port` for `CONNECT`.
        public var target: String
        /// The header fields, in order.
        public var headers: [(name: String, value: String)]

        /// The first value of a header, compared without case.
        public subscript(_ name: String) -> String? {
            headers.first { $0.name.lowercased() == name.lowercased() }?.value
        }
    }

    /// The port it listens on (127.0.0.1).
    public let port: Int
    private let listener: Int32
    private let expectedAuthorization: String?
    private let state = NIOLockedValueBox(State())

    private struct State {
        var requests: [Request] = []
        var sockets: Set<Int32> = []
        var stopped = false
    }

    /// `http://127.0.0.1:PORT`, or with `user:password@` when given.
    public func url(user: String? = nil, password: String? = nil) -> String {
        let credentials = user.map { "\($0):\(password ?? "")@" } ?? ""
        return "http://\(credentials)127.0.0.1:\(port)"
    }

    /// The request heads received so far.
    public var requests: [Request] { state.withLockedValue { $0.requests } }

    /// Starts a proxy; with `user`, every request must carry `Proxy-Authorization: Basic` for `user:password`.
    public init(user: String? = nil, password: String = "") throws {
        expectedAuthorization = user.map { "Basic " + Data("\($0):\(password)".utf8).base64EncodedString() }
        let fd = socket(AF_INET, Self.stream, 0)
        guard fd >= 0 else { throw ProxyError("socket() failed: errno \(errno)") }
        var one: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        var address = Self.address(ip: "127.0.0.1", port: 0)!
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let ok = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, length) == 0 && listen(fd, 64) == 0 && getsockname(fd, $0, &length) == 0
            }
        }
        guard ok else {
            close(fd)
            throw ProxyError("cannot listen: errno \(errno)")
        }
        listener = fd
        port = Int(UInt16(bigEndian: address.sin_port))
        Thread.detachNewThread { [self] in acceptLoop() }
    }

    /// Stops listening and closes every tunnel.
    public func shutdown() {
        let sockets = state.withLockedValue { state -> Set<Int32>? in
            if state.stopped { return nil }
            state.stopped = true
            return state.sockets
        }
        guard let sockets else { return }
        Glibc.shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
        for fd in sockets { Glibc.shutdown(fd, Int32(SHUT_RDWR)) }
    }

    struct ProxyError: Error, CustomStringConvertible {
        let description: String
        init(_ text: String) { description = text }
    }

    #if canImport(Glibc) || canImport(Musl)
    private static let stream = Int32(SOCK_STREAM.rawValue)
    #else
    private static let stream = SOCK_STREAM
    #endif

    private static func address(ip: String, port: Int) -> sockaddr_in? {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        guard inet_pton(AF_INET, ip, &address.sin_addr) == 1 else { return nil }
        return address
    }

    private func track(_ fd: Int32) -> Bool {
        state.withLockedValue { state in
            if state.stopped { return false }
            state.sockets.insert(fd)
            return true
        }
    }

    private func untrackAndClose(_ fd: Int32) {
        state.withLockedValue { _ = $0.sockets.remove(fd) }
        close(fd)
    }

    private func acceptLoop() {
        while true {
            let client = accept(listener, nil, nil)
            if client < 0 {
                if errno == EINTR { continue }
                return
            }
            guard track(client) else {
                close(client)
                return
            }
            Thread.detachNewThread { [self] in serve(client) }
        }
    }

    private func serve(_ client: Int32) {
        guard let (request, leftover) = readHead(client) else { return untrackAndClose(client) }
        state.withLockedValue { $0.requests.append(request) }
        if let expectedAuthorization, request["Proxy-Authorization"] != expectedAuthorization {
            writeAll(client, Array("HTTP/1.1 407 Proxy Authentication Required\r\nProxy-Authenticate: Basic realm=\"test\"\r\nContent-Length: 0\r\nConnection: close\r\n\r\n".utf8))
            return untrackAndClose(client)
        }
        guard request.method == "CONNECT", let upstream = connectTarget(request.target) else {
            writeAll(client, Array("HTTP/1.1 502 Bad Gateway\r\nContent-Length: 0\r\nConnection: close\r\n\r\n".utf8))
            return untrackAndClose(client)
        }
        writeAll(client, Array("HTTP/1.1 200 Connection established\r\n\r\n".utf8))
        if !leftover.isEmpty { writeAll(upstream, leftover) }
        let back = DispatchSemaphore(value: 0)
        Thread.detachNewThread { [self] in
            pump(from: upstream, to: client)
            back.signal()
        }
        pump(from: client, to: upstream)
        back.wait()
        untrackAndClose(upstream)
        untrackAndClose(client)
    }

    /// Copies bytes until either side ends, then shuts both down (which ends the other direction too).
    private func pump(from source: Int32, to destination: Int32) {
        var buffer = [UInt8](repeating: 0, count: 64 << 10)
        while true {
            let count = read(source, &buffer, buffer.count)
            if count <= 0 { break }
            if !writeAll(destination, Array(buffer[0..<count])) { break }
        }
        Glibc.shutdown(destination, Int32(SHUT_RDWR))
        Glibc.shutdown(source, Int32(SHUT_RDWR))
    }

    @discardableResult
    private func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            if written <= 0 {
                if written < 0 && errno == EINTR { continue }
                return false
            }
            offset += written
        }
        return true
    }

    private func readHead(_ fd: Int32) -> (Request, [UInt8])? {
        var data: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        let end = Array("\r\n\r\n".utf8)
        while data.count < 64 << 10 {
            let count = read(fd, &buffer, buffer.count)
            if count <= 0 { return nil }
            data += buffer[0..<count]
            guard let range = data.firstRange(of: end) else { continue }
            let lines = String(decoding: data[..<range.lowerBound], as: UTF8.self).components(separatedBy: "\r\n")
            let parts = lines[0].split(separator: " ")
            guard parts.count >= 2 else { return nil }
            let headers = lines.dropFirst().compactMap { line -> (name: String, value: String)? in
                guard let colon = line.firstIndex(of: ":") else { return nil }
                return (String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
            }
            return (Request(method: String(parts[0]), target: String(parts[1]), headers: headers), Array(data[range.upperBound...]))
        }
        return nil
    }

    private func connectTarget(_ target: String) -> Int32? {
        guard let colon = target.lastIndex(of: ":"), let port = Int(target[target.index(after: colon)...]) else { return nil }
        var host = String(target[..<colon])
        if host == "localhost" { host = "127.0.0.1" }
        guard var address = Self.address(ip: host, port: port) else { return nil }
        let fd = socket(AF_INET, Self.stream, 0)
        guard fd >= 0 else { return nil }
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
        guard connected, track(fd) else {
            close(fd)
            return nil
        }
        return fd
    }
}
