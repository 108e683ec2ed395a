import Foundation
import HaulTestSupport
import XCTest

/// `haul --http2 -j 8 -i LIST` over HTTPS from nginx offering HTTP/2: the files run at once as streams of one TLS
/// connection, directly and through an HTTP proxy's `CONNECT` tunnel (nginx's access log says which protocol and
/// which connection carried each request). Without `--http2` (the default, chosen by figures: docs/transport.md)
/// and with `--http1.1`, every request is HTTP/1.1, on connections kept and reused.
final class HTTP2Tests: XCTestCase {
    func testManySmallFilesAtOnceRideOneHTTP2ConnectionDirectlyAndThroughAProxy() throws {
        try withTemporaryDirectorySync { dir in
            let files = (0..<16).map { ("f\($0).bin", deterministicBytes(count: 128 << 10, seed: UInt64(70 + $0))) }
            let certificates = try TestCertificates.write(to: dir.url)
            guard let nginx = try NginxServer.serving(
                Dictionary(uniqueKeysWithValues: files), in: dir, tls: certificates, http2: true, logsRequests: true
            ) else { throw XCTSkip("nginx is not installed") }
            defer { nginx.stop() }
            try (files.map { nginx.url("/" + $0.0) }.joined(separator: "\n") + "\n").write(
                to: dir.file("list.txt"), atomically: true, encoding: .utf8)
            let state = ["--state-dir", dir.file("s").path, "--cacert", "ca.pem", "-q", "--http2"]

            let direct = try HaulProcess.run(state + ["-j", "8", "-i", "list.txt", "-d", "direct"], in: dir.url)
            XCTAssertEqual(direct.status, 0, direct.stderr)
            for (name, bytes) in files { XCTAssertTrue(contents(dir.file("direct/" + name)) == bytes, name) }
            let log = nginx.loggedRequests()
            XCTAssertEqual(log.count, files.count, "one request per file: \(log)")
            XCTAssertEqual(Set(log.map(\.httpVersion)), ["HTTP/2.0"], "\(log)")
            XCTAssertEqual(Set(log.map(\.connection)).count, 1, "eight at a time over one TLS connection: \(log)")

            let proxy = try TestProxy()
            defer { proxy.shutdown() }
            let tunnelled = try HaulProcess.run(
                state + ["-j", "8", "-i", "list.txt", "-d", "proxied"], in: dir.url, environment: ["https_proxy": proxy.url()])
            XCTAssertEqual(tunnelled.status, 0, tunnelled.stderr)
            for (name, bytes) in files { XCTAssertTrue(contents(dir.file("proxied/" + name)) == bytes, name) }
            XCTAssertEqual(proxy.requests.map(\.method), ["CONNECT"], "one tunnel for all the files")
            let proxiedLog = nginx.loggedRequests().dropFirst(log.count)
            XCTAssertEqual(proxiedLog.count, files.count)
            XCTAssertEqual(Set(proxiedLog.map(\.httpVersion)), ["HTTP/2.0"], "ALPN inside the tunnel: \(proxiedLog)")

            // `--http1.1` (it wins over `--http2`), and no flag at all: the same files, every request on HTTP/1.1, at
            // most eight connections for sixteen files (kept and reused).
            var seen = log.count + proxiedLog.count
            for (flags, folder) in [(state + ["--http1.1"], "pinned"), (Array(state.dropLast()), "default")] {
                let run = try HaulProcess.run(flags + ["-j", "8", "-i", "list.txt", "-d", folder], in: dir.url)
                XCTAssertEqual(run.status, 0, run.stderr)
                for (name, bytes) in files { XCTAssertTrue(contents(dir.file(folder + "/" + name)) == bytes, name) }
                let runLog = nginx.loggedRequests().dropFirst(seen)
                seen += runLog.count
                XCTAssertEqual(runLog.count, files.count)
                XCTAssertEqual(Set(runLog.map(\.httpVersion)), ["HTTP/1.1"], "\(folder): \(runLog)")
                XCTAssertLessThanOrEqual(Set(runLog.map(\.connection)).count, 8, "\(folder): connections reused: \(runLog)")
            }
        }
    }
}
