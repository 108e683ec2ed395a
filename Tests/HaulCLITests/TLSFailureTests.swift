import Foundation
import HaulTestSupport
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// HTTPS through the direct client (`--http1.1`, and a split download's segments): each failed handshake ends with
/// its one sentence and exit code 11, not retried, nothing downloaded; `--cacert`, `--insecure` and a byte-exact
/// `-x 16` download over TLS (docs/transport.md, "TLS"). Certificates are made by openssl for each run.
final class TLSFailureTests: XCTestCase {
    func testEachHandshakeFailureIsOneSentenceExit11AndNotRetried() throws {
        try withTemporaryDirectorySync { dir in
            guard let made = try Self.makeCertificates(in: dir.url) else { throw XCTSkip("openssl is not installed") }
            let content = deterministicBytes(count: 256 << 10, seed: 611)
            let state = ["--state-dir", dir.file("s").path, "--http1.1"]
            // (leaf certificate, extra arguments, the sentence, whether it points at --cacert)
            let cases: [(String, [String], String, Bool)] = [
                ("good", [], "the server's certificate is not signed by an authority this machine trusts", true),
                ("self", ["--cacert", made + "/ca.pem"], "the server's certificate is not signed by an authority this machine trusts", true),
                ("expired", ["--cacert", made + "/ca.pem"], "the server's certificate has expired", false),
                ("otherhost", ["--cacert", made + "/ca.pem"], "the server's certificate is for another name", false),
            ]
            for (leaf, arguments, sentence, pointsAtCACert) in cases {
                let files = TestCertificates.Files(authority: made + "/ca.pem", certificate: "\(made)/\(leaf).pem", key: "\(made)/\(leaf).key")
                guard let nginx = try NginxServer.serving(["f.bin": content], in: dir, tls: files) else {
                    throw XCTSkip("nginx is not installed")
                }
                defer { nginx.stop() }
                let started = Date()
                let result = try HaulProcess.run(state + arguments + ["-o", "\(leaf).bin", nginx.url("/f.bin")], in: dir.url)
                XCTAssertEqual(result.status, 11, "\(leaf): \(result.stderr)")
                XCTAssertTrue(result.stderr.contains("127.0.0.1: \(sentence)"), "\(leaf): \(result.stderr)")
                XCTAssertEqual(result.stderr.contains("--cacert"), pointsAtCACert, "\(leaf): \(result.stderr)")
                XCTAssertFalse(result.stderr.contains("retry"), "\(leaf): a certificate is not retried: \(result.stderr)")
                XCTAssertLessThan(Date().timeIntervalSince(started), 10, "\(leaf): waited for a timeout")
                XCTAssertFalse(FileManager.default.fileExists(atPath: dir.file("\(leaf).bin").path), "\(leaf): kept a file")
                if leaf == "self" {
                    // `--insecure` takes what the checks refused, and says so.
                    let insecure = try HaulProcess.run(state + ["-k", "-o", "k.bin", nginx.url("/f.bin")], in: dir.url)
                    XCTAssertEqual(insecure.status, 0, insecure.stderr)
                    XCTAssertTrue(contents(dir.file("k.bin")) == content)
                }
            }

            for (behaviour, sentence) in [
                (RawTCPServer.Behaviour.cutAfterClientHello, "TLS handshake failed: the server closed the connection during the handshake"),
                (.garbage, "TLS handshake failed: the server did not answer in TLS"),
            ] {
                let server = try RawTCPServer(behaviour)
                defer { server.stop() }
                let result = try HaulProcess.run(
                    state + ["-o", "raw.bin", "https://127.0.0.1:\(server.port)/f.bin"], in: dir.url)
                XCTAssertEqual(result.status, 11, "\(behaviour): \(result.stderr)")
                XCTAssertTrue(result.stderr.contains("127.0.0.1: \(sentence)"), "\(behaviour): \(result.stderr)")
                XCTAssertFalse(result.stderr.contains("retry"), "\(behaviour): \(result.stderr)")
                XCTAssertEqual(server.connections, 1, "\(behaviour): connected again")
            }
        }
    }

    /// A server that takes the connection and never answers the client's hello: the handshake fails at the
    /// connect timeout as a network failure (exit 3 once the retries are spent), not a TLS verdict.
    func testASilentServerTimesTheHandshakeOutAsANetworkFailure() throws {
        try withTemporaryDirectorySync { dir in
            let server = try RawTCPServer(.silent)
            defer { server.stop() }
            let result = try HaulProcess.run(
                ["--state-dir", dir.file("s").path, "--http1.1", "--connect-timeout", "1", "--retries", "1", "-o", "x.bin",
                 "https://127.0.0.1:\(server.port)/f.bin"], in: dir.url)
            XCTAssertEqual(result.status, 3, result.stderr)
            XCTAssertTrue(result.stderr.contains("127.0.0.1: the TLS handshake timed out"), result.stderr)
        }
    }

    /// A 16-way split over TLS, byte-exact; with `--http1.1` every request is the direct client's (nginx's log
    /// shows HTTP/1.1 on separate connections), and the authority comes from `--cacert`.
    func testSplitDownloadOverTLSIsByteExact() throws {
        try withTemporaryDirectorySync { dir in
            let content = deterministicBytes(count: 24 << 20, seed: 612)
            let certificates = try TestCertificates.write(to: dir.url)
            guard let nginx = try NginxServer.serving(["f.bin": content], in: dir, tls: certificates, http2: true, logsRequests: true) else {
                throw XCTSkip("nginx is not installed")
            }
            defer { nginx.stop() }
            let state = ["--state-dir", dir.file("s").path, "--cacert", "ca.pem", "-x", "16", "--min-split-size", "1M"]
            let pinned = try HaulProcess.run(state + ["--http1.1", "-o", "a.bin", nginx.url("/f.bin")], in: dir.url)
            XCTAssertEqual(pinned.status, 0, pinned.stderr)
            XCTAssertTrue(contents(dir.file("a.bin")) == content)
            let log = nginx.loggedRequests()
            XCTAssertEqual(Set(log.map(\.httpVersion)), ["HTTP/1.1"], "\(log)")
            XCTAssertGreaterThan(Set(log.map(\.connection)).count, 8, "one connection per segment: \(log)")

            let mixed = try HaulProcess.run(state + ["-o", "b.bin", nginx.url("/f.bin")], in: dir.url)
            XCTAssertEqual(mixed.status, 0, mixed.stderr)
            XCTAssertTrue(contents(dir.file("b.bin")) == content)
        }
    }

    /// `-x 8` over https against a server that offers HTTP/2: every request, the first included, is HTTP/1.1
    /// (ALPN `http/1.1`, the direct client), and the file is byte-exact (docs/transport.md).
    func testAFixedSplitsFirstRequestIsHTTP1TooWhereHTTP2IsOffered() throws {
        try withTemporaryDirectorySync { dir in
            let content = deterministicBytes(count: 16 << 20, seed: 613)
            let certificates = try TestCertificates.write(to: dir.url)
            guard let nginx = try NginxServer.serving(["f.bin": content], in: dir, tls: certificates, http2: true, logsRequests: true) else {
                throw XCTSkip("nginx is not installed")
            }
            defer { nginx.stop() }
            let result = try HaulProcess.run(
                ["--state-dir", dir.file("s").path, "--cacert", "ca.pem", "-x", "8", "--min-split-size", "1M",
                 "-o", "x.bin", nginx.url("/f.bin")], in: dir.url)
            XCTAssertEqual(result.status, 0, result.stderr)
            XCTAssertTrue(contents(dir.file("x.bin")) == content)
            let log = nginx.loggedRequests()
            XCTAssertTrue(log.contains { $0.range == nil }, "the whole-file first request: \(log)")
            XCTAssertEqual(Set(log.map(\.httpVersion)), ["HTTP/1.1"], "\(log)")
        }
    }

    /// Six small files over https with `--http1.1 -j 1`: the direct client keeps each TLS connection (socket and
    /// session) in the pool for the next file, so nginx sees fewer TCP connections than files, every file intact.
    func testAListOverTLSReusesKeptConnections() throws {
        try withTemporaryDirectorySync { dir in
            var files: [String: [UInt8]] = [:]
            for index in 0..<6 { files["f\(index).bin"] = deterministicBytes(count: 64 << 10, seed: UInt64(620 + index)) }
            let certificates = try TestCertificates.write(to: dir.url)
            guard let nginx = try NginxServer.serving(files, in: dir, tls: certificates, http2: true, logsRequests: true) else {
                throw XCTSkip("nginx is not installed")
            }
            defer { nginx.stop() }
            let list = files.keys.sorted().map { nginx.url("/\($0)") }.joined(separator: "\n") + "\n"
            try list.write(to: dir.file("list.txt"), atomically: true, encoding: .utf8)
            let result = try HaulProcess.run(
                ["--state-dir", dir.file("s").path, "--cacert", "ca.pem", "--http1.1", "-j", "1", "-i", "list.txt",
                 "-d", dir.file("out").path], in: dir.url)
            XCTAssertEqual(result.status, 0, result.stderr)
            for (name, bytes) in files { XCTAssertTrue(contents(dir.file("out/\(name)")) == bytes, name) }
            let log = nginx.loggedRequests()
            XCTAssertEqual(log.count, files.count, "\(log)")
            XCTAssertEqual(Set(log.map(\.httpVersion)), ["HTTP/1.1"], "\(log)")
            XCTAssertLessThan(Set(log.map(\.connection)).count, files.count, "kept TLS connections are reused: \(log)")
        }
    }

    /// Runs openssl: an authority, and leaves signed by it for 127.0.0.1 (good, expired in 2021, for another
    /// name), and a self-signed leaf. Returns their directory; `nil` without openssl.
    static func makeCertificates(in directory: URL) throws -> String? {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/openssl") else { return nil }
        let made = directory.appendingPathComponent("made").path
        let script = """
        set -e
        mkdir -p "$1/db" && cd "$1"
        ec() { openssl ecparam -name prime256v1 -genkey -noout -out "$1"; }
        ec ca.key
        openssl req -x509 -new -key ca.key -subj "/CN=Haul TLS failure CA" -days 36500 -out ca.pem \\
          -addext "basicConstraints=critical,CA:TRUE" -addext "keyUsage=critical,keyCertSign"
        printf '[ca]\\ndefault_ca=d\\n[d]\\ndatabase=db/index\\nserial=db/serial\\nnew_certs_dir=db\\ndefault_md=sha256\\npolicy=p\\n[p]\\ncommonName=supplied\\n' > ca.cnf
        : > db/index; echo 01 > db/serial
        sign() {
          ec "$1.key"
          openssl req -new -key "$1.key" -subj "/CN=$1" -out "$1.csr"
          printf 'subjectAltName=%s\\nbasicConstraints=CA:FALSE\\nextendedKeyUsage=serverAuth\\n' "$2" > "$1.ext"
          openssl ca -batch -config ca.cnf -cert ca.pem -keyfile ca.key -in "$1.csr" -out "$1.pem" \\
            -startdate "$3" -enddate "$4" -extfile "$1.ext" -notext
        }
        sign good "IP:127.0.0.1,DNS:localhost" 20200101000000Z 21000101000000Z
        sign expired "IP:127.0.0.1,DNS:localhost" 20200101000000Z 20210101000000Z
        sign otherhost "DNS:example.invalid" 20200101000000Z 21000101000000Z
        ec self.key
        openssl req -x509 -new -key self.key -subj "/CN=127.0.0.1" -days 36500 -out self.pem \\
          -addext "subjectAltName=IP:127.0.0.1,DNS:localhost"
        """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", script, "make-certificates", made]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw NSError(domain: "openssl", code: 1, userInfo: [NSLocalizedDescriptionKey: text]) }
        return made
    }
}

/// A TCP server on 127.0.0.1 that is not a TLS server: it cuts the handshake after the client's hello (half a
/// record sent), answers it with bytes that are not TLS, says nothing and keeps the connection open until
/// `stop()`, or answers the first bytes it reads with bytes of its own and closes (`reply`: a proxy's answer to
/// `CONNECT`, `HTTPSProxyTunnelTests`). Counts the connections it accepted.
final class RawTCPServer: @unchecked Sendable {
    enum Behaviour: Equatable { case cutAfterClientHello, garbage, silent, reply([UInt8]) }

    let port: Int
    private let listener: Int32
    private let lock = NSLock()
    private var accepted = 0
    private var held: [Int32] = []
    var connections: Int { lock.withLock { accepted } }

    init(_ behaviour: Behaviour) throws {
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        self.listener = listener
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                bind(listener, pointer, length) == 0 && listen(listener, 8) == 0
                    && getsockname(listener, pointer, &length) == 0
            }
        }
        guard bound else { throw NSError(domain: "RawTCPServer", code: Int(errno)) }
        port = Int(UInt16(bigEndian: address.sin_port))
        Thread.detachNewThread { [self] in
            while true {
                let connection = accept(listener, nil, nil)
                guard connection >= 0 else { return }
                lock.withLock { accepted += 1 }
                var hello = [UInt8](repeating: 0, count: 4096)
                _ = recv(connection, &hello, hello.count, 0)
                if behaviour == .silent {
                    lock.withLock { held.append(connection) }
                    continue
                }
                let reply: [UInt8]
                switch behaviour {
                case .garbage: reply = Array("SSH-2.0-OpenSSH_9.2 not a server hello\r\n".utf8)
                case .reply(let bytes): reply = bytes
                default: reply = [0x16, 0x03, 0x03, 0x00, 0x7A, 0x02, 0x00, 0x00]  // a ServerHello's first 8 of 127 bytes
                }
                _ = send(connection, reply, reply.count, Int32(MSG_NOSIGNAL))
                close(connection)
            }
        }
    }

    func stop() {
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
        for connection in lock.withLock({ held }) { close(connection) }
    }
}
