import Foundation
import HaulTestSupport
import XCTest

/// `--refresh-url-command`: a signed link that expires after 300 000 bytes, and a shell script handing out a fresh one.
final class RefreshURLCommandCLITests: XCTestCase {
    private let content = deterministicBytes(count: 1_000_000, seed: 21)

    /// A script that records its environment in `refresh.txt` beside itself and prints `output`.
    private func script(in dir: TemporaryDirectory, name: String, printing output: String) throws -> String {
        let text = """
            #!/bin/sh
            { echo "url=$HAUL_URL"; echo "status=$HAUL_STATUS"; } >> "$(dirname "$0")/refresh.txt"
            printf '%s' '\(output)'

            """
        let path = dir.file(name).path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        chmod(path, 0o755)
        return path
    }

    func testAnExpiredLinkIsRefreshedByTheCommandAndResumes() async throws {
        try await withTestServer { server in
            try await withTemporaryDirectory { dir in
                let file = FileResource(content: content)
                server.serveSigned("/signed", SignedLinks(files: ["1": file, "2": file], afterByte: 300_000))
                let state = dir.file("s").path
                let expired = server.url("/signed?sig=1")
                let silent = try script(in: dir, name: "none.sh", printing: "")
                let failed = try HaulProcess.run(
                    ["--refresh-url-command", silent, "--retries", "2", "--state-dir", state, "-o", "f.bin", expired], in: dir.url)
                let without = try HaulProcess.run(
                    ["--retries", "2", "--state-dir", dir.file("s2").path, "-o", "g.bin", expired], in: dir.url)
                XCTAssertEqual(failed.status, 4, "HTTP 403: exit 4")
                XCTAssertEqual(failed.status, without.status, "no fresh link fails as before: \(failed.stderr)")
                XCTAssertTrue(failed.stderr.contains("no fresh link was given"), failed.stderr)
                XCTAssertTrue(FileManager.default.fileExists(atPath: dir.file("f.bin.part").path))

                let fresh = try script(in: dir, name: "fresh.sh", printing: server.url("/signed?sig=2") + "\nignored")
                let result = try HaulProcess.run(
                    ["--refresh-url-command", "'\(fresh)' --unused-argument", "--state-dir", state, "-o", "f.bin", expired], in: dir.url)
                XCTAssertEqual(result.status, 0, result.stderr)
                XCTAssertTrue(contents(dir.file("f.bin")) == content)
                let record = try String(contentsOf: dir.file("refresh.txt"), encoding: .utf8)
                XCTAssertEqual(record, "url=\(expired)\nstatus=403\n" + "url=\(expired)\nstatus=403\n")
                let resumed = server.requests(for: "/signed").filter { $0.uri.hasSuffix("sig=2") }
                XCTAssertEqual(resumed.count, 1)
                let range = try XCTUnwrap(resumed.first?.header("Range"))
                XCTAssertNotEqual(range, "bytes=0-", "the bytes on disk are kept")
            }
        }
    }
}
