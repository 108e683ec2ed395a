import Foundation
import HaulTestSupport
import XCTest

/// `-o` naming a directory (issue 60, point 5): before, `-o sub/ URL` saved a file named `sub` and
/// `-o existingdir URL` saved `existingdir.1`.
final class OutputDirectoryTests: XCTestCase {
    private let content = deterministicBytes(count: 100_000, seed: 605)

    func testATrailingSlashOrAnExistingDirectoryIsWhereTheFileGoes() async throws {
        try await withTestServer { server in
            try await withTemporaryDirectory { dir in
                server.serve("/f.bin", FileResource(content: content))
                let state = ["--state-dir", dir.file("s").path]

                let slash = try HaulProcess.run(state + ["-o", "sub/", server.url("/f.bin")], in: dir.url)
                XCTAssertEqual(slash.status, 0, slash.stderr)
                XCTAssertEqual(contents(dir.file("sub/f.bin")), content, "sub/ is created and the file named from the URL")

                try FileManager.default.createDirectory(at: dir.file("existingdir"), withIntermediateDirectories: false)
                let existing = try HaulProcess.run(state + ["-o", "existingdir", server.url("/f.bin")], in: dir.url)
                XCTAssertEqual(existing.status, 0, existing.stderr)
                XCTAssertEqual(contents(dir.file("existingdir/f.bin")), content)
                XCTAssertFalse(FileManager.default.fileExists(atPath: dir.file("existingdir.1").path))
                XCTAssertFalse(existing.stderr.contains("is taken"), existing.stderr)

                // Below -d, as a relative -o always is; and a path that is no directory is still the file.
                let below = try HaulProcess.run(state + ["-d", "out", "-o", "in/", server.url("/f.bin")], in: dir.url)
                XCTAssertEqual(below.status, 0, below.stderr)
                XCTAssertEqual(contents(dir.file("out/in/f.bin")), content)
                let named = try HaulProcess.run(state + ["-o", "new/x", server.url("/f.bin")], in: dir.url)
                XCTAssertEqual(named.status, 0, named.stderr)
                XCTAssertEqual(contents(dir.file("new/x")), content, "-o new/x creates new and saves x")

                // curl's --output-dir is -d.
                let curl = try HaulProcess.run(state + ["--output-dir", "dl", server.url("/f.bin")], in: dir.url)
                XCTAssertEqual(curl.status, 0, curl.stderr)
                XCTAssertEqual(contents(dir.file("dl/f.bin")), content)
            }
        }
    }
}
