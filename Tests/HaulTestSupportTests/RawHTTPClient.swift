import Foundation
import HaulTestSupport
import XCTest

/// A response read off a raw socket, with how its body ended.
struct RawResponse {
    /// How the body ended.
    enum Ending: Equatable {
        /// All declared bytes (or the final chunk) arrived.
        case complete
        /// The peer closed the connection before the declared end.
        case closedEarly
        /// Nothing arrived for the read timeout before the declared end.
        case timedOut
        /// No framing: the body ran until the peer closed.
        case untilClose
    }

    var status: Int
    var headers: [(name: String, value: String)]
    var body: [UInt8]
    var ending: Ending

    func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    var text: String { String(decoding: body, as: UTF8.self) }
}

enum RawHTTPError: Error {
    case socket(String)
    case closedBeforeHead
    case timedOutBeforeHead
    case badHead(String)
}

/// A blocking HTTP/1.1 client over one POSIX socket, for checking exactly what the server puts on the wire.
final class RawConnection {
    private let fd: Int32
    private var pending: [UInt8] = []
    private(set) var sawEOF = false

    init(port: Int, timeout: Double = 5) throws {
        #if canImport(Glibc)
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        fd = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { throw RawHTTPError.socket("socket errno \(errno)") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            let code = errno
            Foundation.close(fd)
            throw RawHTTPError.socket("connect errno \(code)")
        }
        setTimeout(timeout)
    }

    deinit { Foundation.close(fd) }

    /// Sets how long one read waits before reporting a timeout.
    func setTimeout(_ seconds: Double) {
        var value = timeval(tv_sec: Int(seconds), tv_usec: Int((seconds - Double(Int(seconds))) * 1_000_000))
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &value, socklen_t(MemoryLayout<timeval>.size))
    }

    func send(_ text: String) throws {
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let n = bytes[offset...].withUnsafeBytes { Foundation.send(fd, $0.baseAddress, $0.count, 0) }
            guard n > 0 else { throw RawHTTPError.socket("send errno \(errno)") }
            offset += n
        }
    }

    /// Sends a request; `Host` is added.
    func sendRequest(_ method: String = "GET", _ target: String, headers: [(String, String)] = []) throws {
        var text = "\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        for (name, value) in headers { text += "\(name): \(value)\r\n" }
        try send(text + "\r\n")
    }

    /// Reads more bytes into `pending`; false on EOF, throws `timedOut` on timeout.
    private enum ReadResult { case data, eof, timeout }
    private func fill() -> ReadResult {
        var chunk = [UInt8](repeating: 0, count: 256 * 1024)
        let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        if n > 0 {
            pending.append(contentsOf: chunk[0..<n])
            return .data
        }
        if n == 0 {
            sawEOF = true
            return .eof
        }
        return errno == EAGAIN || errno == EWOULDBLOCK ? .timeout : .eof
    }

    /// Takes `count` bytes (or fewer if the stream ends) and how the read ended.
    private func take(_ count: Int, into body: inout [UInt8]) -> RawResponse.Ending {
        body.reserveCapacity(body.count + count)
        var needed = count
        while true {
            let n = min(needed, pending.count)
            body.append(contentsOf: pending[0..<n])
            pending.removeFirst(n)
            needed -= n
            if needed == 0 { return .complete }
            switch fill() {
            case .data: continue
            case .eof: return .closedEarly
            case .timeout: return .timedOut
            }
        }
    }

    private func takeLine() -> (String?, RawResponse.Ending) {
        while true {
            if let cr = pending.firstIndex(of: 10) {
                let line = String(decoding: pending[0..<cr], as: UTF8.self)
                pending.removeFirst(cr + 1)
                return (line.hasSuffix("\r") ? String(line.dropLast()) : line, .complete)
            }
            switch fill() {
            case .data: continue
            case .eof: return (nil, .closedEarly)
            case .timeout: return (nil, .timedOut)
            }
        }
    }

    /// Reads one response; `rawChunks` keeps the chunked framing bytes in the body instead of decoding them.
    func readResponse(method: String = "GET", rawChunks: Bool = false) throws -> RawResponse {
        var response = try readHead()
        let status = response.status
        if method == "HEAD" || status == 204 || status == 304 { return response }
        if response.header("Transfer-Encoding")?.lowercased() == "chunked" {
            response.ending = readChunks(into: &response.body, raw: rawChunks)
        } else if let length = response.header("Content-Length").flatMap({ Int($0) }) {
            response.ending = take(length, into: &response.body)
        } else {
            while fill() == .data {}
            response.body = pending
            pending = []
            response.ending = .untilClose
        }
        return response
    }

    /// Reads one response's status line and headers only (its body, if any, is left to read).
    func readHead() throws -> RawResponse {
        var lines: [String] = []
        while true {
            let (line, ending) = takeLine()
            guard let line else {
                throw ending == .timedOut ? RawHTTPError.timedOutBeforeHead : RawHTTPError.closedBeforeHead
            }
            if line.isEmpty { break }
            lines.append(line)
        }
        guard let statusLine = lines.first, statusLine.hasPrefix("HTTP/1.1 "),
            let status = Int(statusLine.dropFirst(9).prefix(3))
        else { throw RawHTTPError.badHead(lines.first ?? "") }
        let headers = lines.dropFirst().map { line -> (name: String, value: String) in
            let colon = line.firstIndex(of: ":") ?? line.endIndex
            let value = line[colon...].dropFirst().trimmingCharacters(in: .whitespaces)
            return (String(line[..<colon]), value)
        }
        return RawResponse(status: status, headers: headers, body: [], ending: .complete)
    }

    /// Reads whatever body bytes are there (what `readHead` left, else one read) and counts them, keeping none:
    /// 0 at the end of the stream or after the read timeout.
    func discardSome() -> Int {
        if pending.isEmpty, fill() != .data { return 0 }
        defer { pending = [] }
        return pending.count
    }

    private func readChunks(into body: inout [UInt8], raw: Bool) -> RawResponse.Ending {
        while true {
            let (line, ending) = takeLine()
            guard let line else { return ending }
            if raw { body += Array((line + "\r\n").utf8) }
            guard let size = Int(line.split(separator: ";").first ?? "", radix: 16) else { return .closedEarly }
            var data: [UInt8] = []
            let dataEnding = take(size + 2, into: &data)
            guard dataEnding == .complete else {
                body += raw ? data : Array(data.prefix(size))
                return dataEnding
            }
            body += raw ? data : Array(data.prefix(size))
            if size == 0 { return .complete }
        }
    }

    /// Whether the peer has closed: waits up to `seconds` for EOF (data that arrives meanwhile is kept).
    func waitForEOF(seconds: Double) -> Bool {
        setTimeout(seconds)
        while true {
            switch fill() {
            case .data: continue
            case .eof: return true
            case .timeout: return false
            }
        }
    }
}

/// One request on a fresh connection.
func fetch(
    _ server: TestServer,
    _ target: String,
    method: String = "GET",
    headers: [(String, String)] = [],
    timeout: Double = 5
) throws -> RawResponse {
    let connection = try RawConnection(port: server.port, timeout: timeout)
    try connection.sendRequest(method, target, headers: headers)
    return try connection.readResponse(method: method)
}

/// Runs `body` with a fresh server and shuts the server down afterwards, also on failure.
func withServer(_ body: (TestServer) async throws -> Void) async throws {
    try await withTestServer(body)
}

/// Runs curl with these arguments and returns its exit status and standard output.
func runCurl(_ arguments: [String]) throws -> (status: Int32, output: [UInt8]) {
    let curl = "/usr/bin/curl"
    guard FileManager.default.isExecutableFile(atPath: curl) else { throw XCTSkip("curl is not installed") }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: curl)
    process.arguments = ["--silent", "--max-time", "10"] + arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = FileHandle.nullDevice
    try process.run()
    let output = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, Array(output))
}
