import Foundation
import HaulTestSupport
import XCTest

/// `--folder-rule` on the command line: a bad rule is a usage error with its sentence; rules send each file where no
/// directory is given for it (by its URL's name, its Content-Type, its Content-Disposition name), and `haul list`
/// says where each ended; a directory given (`-d`, `dir=`, an `-o` path) is never overridden.
final class FolderRuleCLITests: XCTestCase {
    func testABadRuleIsAUsageErrorThatSaysWhy() throws {
        try withTemporaryDirectorySync { dir in
            for arguments in [
                ["--folder-rule", "*.iso", "http://127.0.0.1:9/f"],
                ["add", "--state-dir", dir.file("s").path, "--folder-rule", "*.iso", "http://127.0.0.1:9/f"],
                ["daemon", "--state-dir", dir.file("s").path, "--folder-rule", "*.iso"],
            ] {
                let result = try HaulProcess.run(arguments, in: dir.url)
                XCTAssertEqual(result.status, 2, "\(arguments): \(result.stderr)")
                XCTAssertTrue(
                    result.stderr.contains("folder rule '*.iso': expected PATTERNS=DIRECTORY, e.g. '*.iso,*.img=~/Images'"),
                    "\(arguments): \(result.stderr)")
            }
            let empty = try HaulProcess.run(["--folder-rule", "*.iso=", "http://127.0.0.1:9/f"], in: dir.url)
            XCTAssertEqual(empty.status, 2, empty.stderr)
            XCTAssertTrue(empty.stderr.contains("folder rule '*.iso=': no directory after '='"), empty.stderr)
        }
    }

    func testRulesSendFilesWhereNoDirectoryIsGivenAndTheListSaysWhere() async throws {
        let content = deterministicBytes(count: 200 << 10, seed: 71)
        try await withTestServer { server in
            try await withTemporaryDirectory { dir in
                server.serve("/disk.iso", FileResource(content: content))
                server.serve("/watch", FileResource(content: content, contentType: "video/mp4"))
                server.serve("/get", FileResource(content: content, contentDisposition: "attachment; filename=\"report.pdf\""))
                let home = dir.file("home").path
                let result = try HaulProcess.run(
                    ["-q", "-J", "--state-dir", dir.file("s").path,
                     "--folder-rule", "*.iso,*.img=~/Images", "--folder-rule", "video/*=media/videos", "--folder-rule", "*.pdf=docs",
                     server.url("/disk.iso"), server.url("/watch"), server.url("/get")],
                    in: dir.url, environment: ["HOME": home])
                XCTAssertEqual(result.status, 0, result.stderr)
                let expected = [home + "/Images/disk.iso", dir.file("media/videos/watch").path, dir.file("docs/report.pdf").path]
                for path in expected { XCTAssertTrue(contents(URL(fileURLWithPath: path)) == content, path) }
                for name in ["disk.iso", "watch", "get", "report.pdf", "get.part", "watch.part"] {
                    XCTAssertFalse(FileManager.default.fileExists(atPath: dir.file(name).path), name)
                }

                let list = try HaulProcess.run(["list", "--json", "--state-dir", dir.file("s").path], in: dir.url)
                XCTAssertEqual(list.status, 0, list.stderr)
                let rows = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [[String: Any]])
                XCTAssertEqual(Set(rows.compactMap { $0["path"] as? String }), Set(expected), list.stdout)
            }
        }
    }

    func testAGivenDirectoryIsNeverOverridden() async throws {
        let content = deterministicBytes(count: 50 << 10, seed: 72)
        try await withTestServer { server in
            try await withTemporaryDirectory { dir in
                for name in ["a.iso", "b.iso", "c.iso", "d.iso"] { server.serve("/" + name, FileResource(content: content)) }
                let rule = ["--folder-rule", "*.iso=isos", "--state-dir", dir.file("s").path, "-q"]
                var result = try HaulProcess.run(rule + ["-d", "given", server.url("/a.iso")], in: dir.url)
                XCTAssertEqual(result.status, 0, result.stderr)
                try FileManager.default.createDirectory(at: dir.file("sub"), withIntermediateDirectories: true)
                result = try HaulProcess.run(rule + ["-o", "sub/b.iso", server.url("/b.iso")], in: dir.url)
                XCTAssertEqual(result.status, 0, result.stderr)
                try Data("\(server.url("/c.iso"))\n  dir=listed\n\(server.url("/d.iso"))\n".utf8).write(to: dir.file("list.txt"))
                result = try HaulProcess.run(rule + ["-i", "list.txt"], in: dir.url)
                XCTAssertEqual(result.status, 0, result.stderr)
                for path in ["given/a.iso", "sub/b.iso", "listed/c.iso", "isos/d.iso"] {
                    XCTAssertTrue(contents(dir.file(path)) == content, path)
                }
                let placed = try FileManager.default.contentsOfDirectory(atPath: dir.file("isos").path)
                XCTAssertEqual(placed, ["d.iso"], "only the file whose directory was not given")
            }
        }
    }

    /// A rule by name says where it sent the file, as a rule by type does (issue 60, point 9: before, nothing).
    func testARuleByNameSaysWhereTheFileWent() async throws {
        let content = deterministicBytes(count: 50 << 10, seed: 73)
        try await withTestServer { server in
            try await withTemporaryDirectory { dir in
                server.serve("/e.iso", FileResource(content: content))
                server.serve("/plain.bin", FileResource(content: content))
                let result = try HaulProcess.run(
                    ["--folder-rule", "*.iso=isos", "--state-dir", dir.file("s").path, server.url("/e.iso"), server.url("/plain.bin")],
                    in: dir.url)
                XCTAssertEqual(result.status, 0, result.stderr)
                let placed = dir.file("isos/e.iso").path
                XCTAssertTrue(result.stderr.contains("haul: e.iso: saving as \(placed) (folder rule)"), result.stderr)
                XCTAssertFalse(result.stderr.contains("plain.bin: saving as"), "no rule moved it: \(result.stderr)")
                XCTAssertTrue(contents(URL(fileURLWithPath: placed)) == content)
            }
        }
    }
}
