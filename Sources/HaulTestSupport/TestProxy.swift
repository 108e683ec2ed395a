import Foundation
#if canImport(Glibc)
import Glibc
#endif
import NIOConcurrencyHelpers

/// A small HTTP proxy on a free local port, for tests of proxy support: it records every request head it receives
/// (so a test can prove which credentials reached it, and over which of its connections), can demand Basic
/// credentials (answering 407 without them), tunnels `CONNECT`s to IPv4 targets (`127.0.0.1`, `localhost`) without
/// looking at the bytes, and forwards absolute-form requests (`GET http://host:port/path`) as a proxy does. The
/// same port also speaks SOCKS5 without authentication (a client whose first byte is 5), recorded as method
/// `SOCKS5 CONNECT`.
///
/// It checks what it receives as RFC 9112 asks of a client, and answers 400 otherwise (which fails the download
/// and so the test): a request other than `CONNECT` must be in absolute form with an `http` URL, and carry a
/// `Host` field equal to that URL's authority. A forwarded request reaches the origin in origin form, without
/// `Proxy-Authorization` (a proxy consumes it, RFC 9110 §11.7.1) and with `Connection: close`; the answer goes
/// back on the client's connection, which stays open for the next request when the answer says its length (a
/// client keeps its connection to the proxy alive) and is closed after an answer read to its end.
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
        /// The rest of the first line after the target (a status line's reason phrase, a request's version).
        var reason = ""
        /// Which of the proxy's client connections carried it, numbered from 1 in the order they were accepted.
        public var connection = 0

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
        var connections = 0
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
        var first: UInt8 = 0
        guard read(client, &first, 1) == 1 else { return untrackAndClose(client) }
        if first == 5 { return serveSOCKS(client) }
        let connection = state.withLockedValue { state in
            state.connections += 1
            return state.connections
        }
        var initial = [first]
        while true {
            guard var (request, leftover) = readHead(client, initial: initial) else { return untrackAndClose(client) }
            request.connection = connection
            state.withLockedValue { $0.requests.append(request) }
            if let expectedAuthorization, request["Proxy-Authorization"] != expectedAuthorization {
                writeAll(client, Array("HTTP/1.1 407 Proxy Authentication Required\r\nProxy-Authenticate: Basic realm=\"test\"\r\nContent-Length: 0\r\nConnection: close\r\n\r\n".utf8))
                return untrackAndClose(client)
            }
            if request.method == "CONNECT" {
                guard let upstream = connectTarget(request.target) else { return refuse(client, "502 Bad Gateway") }
                writeAll(client, Array("HTTP/1.1 200 Connection established\r\n\r\n".utf8))
                if !leftover.isEmpty { writeAll(upstream, leftover) }
                return tunnel(client, upstream)
            }
            guard let (authority, path) = Self.absoluteForm(request.target), request["Host"] == authority else {
                return refuse(client, "400 Bad Request")
            }
            guard let upstream = connectTarget(authority.contains(":") ? authority : authority + ":80") else {
                return refuse(client, "502 Bad Gateway")
            }
            guard forward(request, path: path, from: client, to: upstream, leftover: &leftover) else {
                return untrackAndClose(client)
            }
            initial = leftover
        }
    }

    private func refuse(_ client: Int32, _ status: String) {
        writeAll(client, Array("HTTP/1.1 \(status)\r\nContent-Length: 0\r\nConnection: close\r\n\r\n".utf8))
        untrackAndClose(client)
    }

    /// The authority and the path of an absolute-form `http` target, or `nil` for any other form.
    static func absoluteForm(_ target: String) -> (authority: String, path: String)? {
        guard target.lowercased().hasPrefix("http://") else { return nil }
        let rest = target.dropFirst("http://".count)
        let slash = rest.firstIndex(of: "/") ?? rest.endIndex
        let authority = String(rest[..<slash])
        guard !authority.isEmpty, !authority.contains("@") else { return nil }
        let path = String(rest[slash...])
        return (authority, path.isEmpty ? "/" : path)
    }

    /// Sends `request` on to the origin in origin form and copies the answer back. Returns whether the client's
    /// connection may carry another request (the answer said its length and every byte of it went back).
    private func forward(
        _ request: Request, path: String, from client: Int32, to upstream: Int32, leftover: inout [UInt8]
    ) -> Bool {
        defer { untrackAndClose(upstream) }
        let dropped: Set<String> = ["proxy-authorization", "proxy-connection", "connection", "keep-alive"]
        var head = "\(request.method) \(path) HTTP/1.1\r\n"
        for field in request.headers where !dropped.contains(field.name.lowercased()) {
            head += "\(field.name): \(field.value)\r\n"
        }
        head += "Connection: close\r\n\r\n"
        guard writeAll(upstream, Array(head.utf8)) else { return false }
        guard let (answer, body) = readHead(upstream, initial: []) else { return false }
        // `readHead` reads a status line as a request line: "HTTP/1.1" and the status code.
        let status = Int(answer.target) ?? 0
        let length = answer["Content-Length"].flatMap { Int64($0) }
            ?? ((100..<200).contains(status) || status == 204 || status == 304 ? 0 : nil)
        var reply = "\(answer.method) \(answer.target) \(answer.reason)\r\n"
        for field in answer.headers where !["connection", "keep-alive"].contains(field.name.lowercased()) {
            reply += "\(field.name): \(field.value)\r\n"
        }
        reply += length == nil ? "Connection: close\r\n\r\n" : "\r\n"
        guard writeAll(client, Array(reply.utf8)) else { return false }
        guard var remaining = length else {
            // Read to the origin's close, then close the client's connection: that is where the answer ends.
            if !body.isEmpty { writeAll(client, body) }
            pump(from: upstream, to: client)
            return false
        }
        if !body.isEmpty {
            let take = Int(min(Int64(body.count), remaining))
            guard writeAll(client, Array(body[..<take])) else { return false }
            remaining -= Int64(take)
        }
        var buffer = [UInt8](repeating: 0, count: 64 << 10)
        while remaining > 0 {
            let count = read(upstream, &buffer, Int(min(Int64(buffer.count), remaining)))
            if count <= 0 { return false }
            guard writeAll(client, Array(buffer[0..<count])) else { return false }
            remaining -= Int64(count)
        }
        return true
    }

    /// SOCKS5 (RFC 1928) without authentication: greeting, then one CONNECT to an IPv4 address or a name.
    private func serveSOCKS(_ client: Int32) {
        guard let count = readExactly(client, 1)?.first, let methods = readExactly(client, Int(count)),
            methods.contains(0), writeAll(client, [5, 0]),
            let head = readExactly(client, 4), head[0] == 5, head[1] == 1
        else { return untrackAndClose(client) }
        let host: String?
        switch head[3] {
        case 1: host = readExactly(client, 4).map { $0.map(String.init).joined(separator: ".") }
        case 3: host = readExactly(client, 1).flatMap { readExactly(client, Int($0[0])) }.map { String(decoding: $0, as: UTF8.self) }
        default: host = nil
        }
        guard let host, let portBytes = readExactly(client, 2) else { return untrackAndClose(client) }
        let target = "\(host):\(Int(portBytes[0]) << 8 | Int(portBytes[1]))"
        state.withLockedValue { $0.requests.append(Request(method: "SOCKS5 CONNECT", target: target, headers: [])) }
        guard let upstream = connectTarget(target) else {
            writeAll(client, [5, 5, 0, 1, 0, 0, 0, 0, 0, 0])
            return untrackAndClose(client)
        }
        writeAll(client, [5, 0, 0, 1, 0, 0, 0, 0, 0, 0])
        tunnel(client, upstream)
    }

    private func readExactly(_ fd: Int32, _ count: Int) -> [UInt8]? {
        var bytes = [UInt8](repeating: 0, count: count)
        var done = 0
        while done < count {
            let got = bytes[done...].withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if got <= 0 { return nil }
            done += got
        }
        return bytes
    }

    /// Copies both ways until either side ends, then closes both.
    private func tunnel(_ client: Int32, _ upstream: Int32) {
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

    private func readHead(_ fd: Int32, initial: [UInt8]) -> (Request, [UInt8])? {
        var data = initial
        var buffer = [UInt8](repeating: 0, count: 4096)
        let end = Array("\r\n\r\n".utf8)
        while data.count < 64 << 10 {
            guard let range = data.firstRange(of: end) else {
                let count = read(fd, &buffer, buffer.count)
                if count <= 0 { return nil }
                data += buffer[0..<count]
                continue
            }
            let lines = String(decoding: data[..<range.lowerBound], as: UTF8.self).components(separatedBy: "\r\n")
            let parts = lines[0].split(separator: " ", maxSplits: 2)
            guard parts.count >= 2 else { return nil }
            let headers = lines.dropFirst().compactMap { line -> (name: String, value: String)? in
                guard let colon = line.firstIndex(of: ":") else { return nil }
                return (String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
            }
            var request = Request(method: String(parts[0]), target: String(parts[1]), headers: headers)
            request.reason = parts.count > 2 ? String(parts[2]) : ""
            return (request, Array(data[range.upperBound...]))
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
