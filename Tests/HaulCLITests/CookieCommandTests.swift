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

    /// Cookies do not tell ports apart (RFC 6265 §8.5), so the other site is the other server under another host
    /// name: `localhost` instead of `127.0.0.1`.
    func testACookieNeverFollowsARedirectToAnotherSite() async throws {
        try await withTestServer { other in
            try await withTestServer { server in
                try await withTemporaryDirectory { dir in
                    other.serve("/a.bin", FileResource(content: content))
                    let otherSite = other.url("/a.bin").replacingOccurrences(of: "127.0.0.1", with: "localhost")
                    server.route("/go") { _ in .redirect(to: otherSite) }
                    let file = "# Netscape HTTP Cookie File\nlocalhost\tFALSE\t/\tFALSE\t0\tcdn\tfor-localhost\n"
                    try Data(file.utf8).write(to: dir.file("cookies.txt"))
                    let result = try HaulProcess.run(
                        ["-b", "sid=s3cr3t", "--load-cookies", "cookies.txt", "--referer", "*", "--state-dir", dir.file("s").path, server.url("/go")],
                        in: dir.url)
                    XCTAssertEqual(result.status, 0, result.stderr)
                    XCTAssertEqual(server.requests(for: "/go").first?.header("Cookie"), "sid=s3cr3t")
                    XCTAssertEqual(server.requests(for: "/go").first?.header("Referer"), server.url("/go"))
                    XCTAssertEqual(
                        other.requests(for: "/a.bin").first?.header("Cookie"), "cdn=for-localhost",
                        "the other site gets its own cookie from the file, never the first site's")
                }
            }
        }
    }

    /// A sign-in link that answers 302 with `Set-Cookie` once, then the file that wants the cookie: the download
    /// is cut, and `haul` run again (a new process) resumes with the cookie it stored, although the link sets none
    /// the second time.
    func testACookieSetOnARedirectIsKeptForTheResumeInANewProcess() async throws {
        try await withTestServer { server in
            try await withTemporaryDirectory { dir in
                let file = FileResource(content: content)
                server.route("/login") { request in
                    var response = TestResponse.redirect(to: "/files/a.bin")
                    if request.index == 0 { response.headers.append(("Set-Cookie", "sid=s3cr3t; Path=/files")) }
                    return response
                }
                server.route("/files/a.bin") { request in
                    guard request.header("Cookie") == "sid=s3cr3t" else { return .text(403, "log in first") }
                    var response = file.response(for: request)
                    if request.index == 0 { response.closeAfterBodyBytes = 40_000 }
                    return response
                }
                let arguments = ["--retries", "0", "--state-dir", dir.file("s").path, "-o", "a.bin", server.url("/login")]
                let first = try HaulProcess.run(arguments, in: dir.url)
                XCTAssertNotEqual(first.status, 0, "the cut run fails and keeps its partial file")
                XCTAssertTrue(FileManager.default.fileExists(atPath: dir.file("a.bin.part").path))
                let second = try HaulProcess.run(arguments, in: dir.url)
                XCTAssertEqual(second.status, 0, second.stderr)
                XCTAssertTrue(contents(dir.file("a.bin")) == content)
                let resumed = try XCTUnwrap(server.requests(for: "/files/a.bin").last)
                let range = try XCTUnwrap(resumed.header("Range"), "the second run resumes")
                XCTAssertFalse(range.hasPrefix("bytes=0-"), "the kept bytes are not fetched again: \(range)")
                for output in [first.stdout, first.stderr, second.stdout, second.stderr] {
                    XCTAssertFalse(output.contains("s3cr3t"), output)
                }
                let attributes = try FileManager.default.attributesOfItem(atPath: dir.file("s/haul.sqlite").path)
                XCTAssertEqual(((attributes[.posixPermissions] as? NSNumber)?.intValue ?? -1) & 0o077, 0, "the database is the owner's only")
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
