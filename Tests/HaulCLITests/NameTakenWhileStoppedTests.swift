import Foundation
import HaulCore
import HaulTestSupport
import XCTest

/// A download stopped part-way whose final name a file took meanwhile (saved there by a browser or another tool):
/// the rerun finishes under the conflict policy, as when it was added. Before: the rename at the end refused, every
/// rerun fetched the rest again and failed the same way (exit 6), and the `.part` stayed beside the file.
final class NameTakenWhileStoppedTests: XCTestCase {
    func testARerunFinishesUnderTheNextNumberedNameAndKeepsTheFileThatCame() async throws {
        let content = deterministicBytes(count: 1 << 20, seed: 91)
        try await withTestServer { server in
            try await withTemporaryDirectory { dir in
                let file = FileResource(content: content)
                server.serve("/vA.bin", file, bytesPerSecond: 256 << 10)
                let state = dir.file("s")
                let part = dir.file("vA.bin.part")
                let arguments = ["-q", "-x", "1", "--state-dir", state.path, server.url("/vA.bin")]
                let running = try HaulProcess(arguments, in: dir.url)
                XCTAssertTrue(waitUntil { (durableBytes(stateDirectory: state, partPath: part.path) ?? 0) > 0 }, "some bytes kept")
                running.signal(SIGKILL)
                _ = running.finish()
                let theirs = Array("the user's own file".utf8)
                try Data(theirs).write(to: dir.file("vA.bin"))
                server.route("/vA.bin") { file.response(for: $0) }

                let rerun = try HaulProcess.run(arguments, in: dir.url)
                XCTAssertEqual(rerun.status, 0, rerun.stderr)
                XCTAssertEqual(contents(dir.file("vA.1.bin")), content, "finished under the next free name")
                XCTAssertEqual(contents(dir.file("vA.bin")), theirs, "the file that came is kept")
                XCTAssertFalse(FileManager.default.fileExists(atPath: part.path))
                XCTAssertTrue(
                    server.requests(for: "/vA.bin").contains { $0.header("Range") != nil }, "the rerun resumed")

                // `--on-conflict fail` refuses instead, saying what holds the name.
                server.serve("/vB.bin", FileResource(content: content), bytesPerSecond: 256 << 10)
                let other = ["-q", "-x", "1", "--state-dir", state.path, server.url("/vB.bin")]
                let again = try HaulProcess(other, in: dir.url)
                XCTAssertTrue(waitUntil { (durableBytes(stateDirectory: state, partPath: dir.file("vB.bin.part").path) ?? 0) > 0 })
                again.signal(SIGKILL)
                _ = again.finish()
                try Data(theirs).write(to: dir.file("vB.bin"))
                let refused = try HaulProcess.run(other + ["--on-conflict", "fail"], in: dir.url)
                XCTAssertEqual(refused.status, 6, refused.stderr)
                XCTAssertTrue(refused.stderr.contains("vB.bin already exists"), refused.stderr)
                XCTAssertEqual(contents(dir.file("vB.bin")), theirs)
            }
        }
    }

    /// The name was taken when the download was added, so an earlier run saved under `vC.1.bin`: the rerun of the
    /// same command says it resumes that file, with the bytes held (before: only "vC.bin is taken; saving as
    /// vC.1.bin", as if it started over).
    func testARerunOfADownloadSavedUnderANumberedNameSaysItResumes() async throws {
        let content = deterministicBytes(count: 1 << 20, seed: 92)
        try await withTestServer { server in
            try await withTemporaryDirectory { dir in
                let file = FileResource(content: content)
                server.serve("/vC.bin", file, bytesPerSecond: 256 << 10)
                try Data("theirs".utf8).write(to: dir.file("vC.bin"))
                let state = dir.file("s")
                let part = dir.file("vC.1.bin.part")
                let arguments = ["-x", "1", "--state-dir", state.path, server.url("/vC.bin")]
                let running = try HaulProcess(arguments, in: dir.url)
                XCTAssertTrue(waitUntil { (durableBytes(stateDirectory: state, partPath: part.path) ?? 0) > 0 }, "some bytes kept")
                running.signal(SIGKILL)
                _ = running.finish()
                let held = try XCTUnwrap(durableBytes(stateDirectory: state, partPath: part.path))
                server.route("/vC.bin") { file.response(for: $0) }

                let rerun = try HaulProcess.run(arguments, in: dir.url)
                XCTAssertEqual(rerun.status, 0, rerun.stderr)
                XCTAssertTrue(rerun.stderr.contains("vC.bin is taken; saving as vC.1.bin"), rerun.stderr)
                XCTAssertTrue(rerun.stderr.contains("vC.1.bin: resuming at \(ByteCount.format(held)) of 1.00 MiB"), rerun.stderr)
                XCTAssertEqual(contents(dir.file("vC.1.bin")), content)
            }
        }
    }
}
