import Foundation
import HaulTestSupport
import XCTest

/// `--load-cookies`, `-b/--cookie` and `--referer` against test server routes that want them.
final class CookieCommandTests: XCTestCase {
    private let content = deterministicBytes(count: 100_000, seed: 12)

    /// A route that serves the file only with `sid=s3cr3t` among the request's cookies, as a site behind a login.
    private func serveBehindLogin(_ server: TestServer, _ path: String) {
        let file = FileResource(content: content)
        server.route(path) { request in
            let cookies = (request.header("Cookie") ?? "").split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            return cookies.contains("sid=s3cr3t") ? file.response(for: request) : .text(403, "log in first")
        }
    }

    func testCookiesFileAndCookieOption() async throws {
        try await withTestServer { server in
            try await withTemporaryDirectory { dir in
                serveBehindLogin(server, "/files/a.bin")
                let without = try HaulProcess.run(["--state-dir", dir.file("s").path, server.url("/files/a.bin")], in: dir.url)
                XCTAssertEqual(without.status, 4, without.stderr)

                let file = """
                    # Netscape HTTP Cookie File
                    127.0.0.1\tFALSE\t/files\tFALSE\t0\tsid\ts3cr3t
                    127.0.0.1\tFALSE\t/elsewhere\tFALSE\t0\tnot\tsent
                    127.0.0.1\tFALSE\t/\tTRUE\t0\tsecure\tonly-https
                    127.0.0.1\tFALSE\t/\tFALSE\t1000\texpired\tlong-ago

                    """
                try Data(file.utf8).write(to: dir.file("cookies.txt"))
                let loaded = try HaulProcess.run(
                    ["--load-cookies", "cookies.txt", "--state-dir", dir.file("s").path, "-o", "b.bin", server.url("/files/a.bin")], in: dir.url)
                XCTAssertEqual(loaded.status, 0, loaded.stderr)
                XCTAssertTrue(contents(dir.file("b.bin")) == content)
                XCTAssertEqual(server.requests(for: "/files/a.bin").last?.header("Cookie"), "sid=s3cr3t", "path, Secure and expiry are honoured")

                let option = try HaulProcess.run(
                    ["-b", "lang=en; sid=s3cr3t", "--state-dir", dir.file("s").path, "-o", "c.bin", server.url("/files/a.bin")], in: dir.url)
                XCTAssertEqual(option.status, 0, option.stderr)
                XCTAssertEqual(server.requests(for: "/files/a.bin").last?.header("Cookie"), "lang=en; sid=s3cr3t")
                for output in [loaded.stdout, loaded.stderr, option.stdout, option.stderr] {
                    XCTAssertFalse(output.contains("s3cr3t"), "a cookie's value is never printed: \(output)")
                }
                let list = try HaulProcess.run(["list", "--json", "--state-dir", dir.file("s").path], in: dir.url)
                XCTAssertFalse(list.stdout.contains("s3cr3t"), list.stdout)
            }
        }
    }

    func testACookieNeverFollowsARedirectToAnotherSite() async throws {
        try await withTestServer { other in
            try await withTestServer { server in
                try await withTemporaryDirectory { dir in
                    other.serve("/a.bin", FileResource(content: content))
                    server.route("/go") { _ in .redirect(to: other.url("/a.bin")) }
                    let result = try HaulProcess.run(
                        ["-b", "sid=s3cr3t", "--referer", "*", "--state-dir", dir.file("s").path, server.url("/go")], in: dir.url)
                    XCTAssertEqual(result.status, 0, result.stderr)
                    XCTAssertEqual(server.requests(for: "/go").first?.header("Cookie"), "sid=s3cr3t")
                    XCTAssertEqual(server.requests(for: "/go").first?.header("Referer"), server.url("/go"))
                    XCTAssertNil(other.requests(for: "/a.bin").first?.header("Cookie"), "the other site never sees it")
                }
            }
        }
    }

    func testBadCookieInputIsAUsageErrorThatHidesTheValue() throws {
        try withTemporaryDirectorySync { dir in
            try Data("127.0.0.1\tFALSE\t/\tFALSE\tsid\ts3cr3t\n".utf8).write(to: dir.file("bad.txt"))
            let cases = [["--load-cookies", "bad.txt"], ["--load-cookies", "absent.txt"], ["-b", "s3cr3t"], ["--referer", "ftp://x/"]]
            for arguments in cases {
                let result = try HaulProcess.run(arguments + ["--state-dir", dir.file("s").path, "http://127.0.0.1:9/x"], in: dir.url)
                XCTAssertEqual(result.status, 2, "\(arguments): \(result.stderr)")
                XCTAssertFalse(result.stderr.contains("s3cr3t"), result.stderr)
            }
        }
    }
}
