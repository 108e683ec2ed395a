import Foundation
@testable import HaulKit
import HaulTestSupport
import XCTest

/// What `haul` says and leaves when a run fails or goes on from an earlier one.
final class ResumeAndFailureTests: XCTestCase {
    private let content = deterministicBytes(count: 2 << 20, seed: 91)

    /// A refused connection fails at once (exit 3, no retry lines) and leaves no `.part`; a 404 leaves none either.
    func testRefusedConnectionAndNotFoundFailAtOnceWithoutPartFiles() async throws {
        try await withTestServer { server in
            try await withTemporaryDirectory { dir in
                let closed = try await withTestServer { other in other.port }
                let state = ["--state-dir", dir.file("s").path]
                let refused = try HaulProcess.run(state + ["-o", "r.bin", "http://127.0.0.1:\(closed)/r.bin"], in: dir.url)
                XCTAssertEqual(refused.status, 3, refused.stderr)
                XCTAssertTrue(refused.stderr.contains("connection refused"), refused.stderr)
                XCTAssertFalse(refused.stderr.contains("retry"), "a refused first connection is not retried: \(refused.stderr)")
                XCTAssertFalse(FileManager.default.fileExists(atPath: dir.file("r.bin.part").path), "an empty .part was left")

                let missing = try HaulProcess.run(state + ["--progress", "json", server.url("/missing.bin")], in: dir.url)
                XCTAssertEqual(missing.status, 4, missing.stderr)
                XCTAssertFalse(FileManager.default.fileExists(atPath: dir.file("missing.bin.part").path), "a 404 left an empty .part")
                let types = missing.stdout.split(separator: "\n").compactMap {
                    (try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])?["type"] as? String
                }
                let failed = try XCTUnwrap(types.firstIndex(of: "failed"), missing.stdout)
                XCTAssertFalse(types[failed...].contains("progress"), "a progress object follows failed: \(missing.stdout)")

                // Every stream starts the same way, failing at once or not; the last progress has an average.
                server.serve("/ok.bin", FileResource(content: content))
                let fine = try HaulProcess.run(state + ["--progress", "json", "-x", "2", "--min-split-size", "256K", server.url("/ok.bin")], in: dir.url)
                XCTAssertEqual(fine.status, 0, fine.stderr)
                for output in [missing.stdout, fine.stdout] {
                    let first = try XCTUnwrap(output.split(separator: "\n").first.flatMap { try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] })
                    XCTAssertEqual(first["type"] as? String, "state", output)
                    XCTAssertEqual(first["state"] as? String, "queued", output)
                }
                let lastProgress = try XCTUnwrap(fine.stdout.split(separator: "\n").compactMap {
                    try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
                }.last { $0["type"] as? String == "progress" })
                XCTAssertGreaterThan(lastProgress["averageSpeed"] as? Int ?? 0, 0, "the last object's average: \(lastProgress)")
            }
        }
    }

    /// Running the same command again says where it resumes and with which validator; a changed file says it
    /// starts over.
    func testSameCommandAgainSaysItResumesOrStartsOver() async throws {
        try await withTestServer { server in
            try await withTemporaryDirectory { dir in
                let throttle = Switch(on: true)
                server.serve("/f.bin", FileResource(content: content, etag: "\"v1\""), bytesPerSecond: 512 << 10, while: throttle)
                let state = dir.file("s")
                let part = dir.file("f.bin.part").path
                let arguments = ["--state-dir", state.path, "-x", "1", server.url("/f.bin")]
                let first = try HaulProcess(arguments, in: dir.url)
                XCTAssertTrue(waitUntil(timeout: 20) { (durableBytes(stateDirectory: state, partPath: part) ?? 0) > 0 })
                first.signal(SIGINT)
                XCTAssertEqual(first.finish().status, 130)
                let list = try HaulProcess.run(["list", "--state-dir", state.path], in: dir.url)
                XCTAssertTrue(list.stdout.contains("interrupted"), "after Ctrl-C: \(list.stdout)")

                throttle.isOn = false
                let again = try HaulProcess.run(arguments, in: dir.url)
                XCTAssertEqual(again.status, 0, again.stderr)
                XCTAssertTrue(again.stderr.contains("f.bin: resuming at "), again.stderr)
                XCTAssertTrue(again.stderr.contains(" of 2.00 MiB (validator: ETag \"v1\")"), again.stderr)
                XCTAssertTrue(contents(dir.file("f.bin")) == content)

                // A new version on the server: the partial bytes are dropped, and it is said.
                let changed = deterministicBytes(count: 2 << 20, seed: 92)
                throttle.isOn = true
                server.serve("/g.bin", FileResource(content: content, etag: "\"v1\""), bytesPerSecond: 512 << 10, while: throttle)
                let gPart = dir.file("g.bin.part").path
                let gArguments = ["--state-dir", state.path, "-x", "1", server.url("/g.bin")]
                let second = try HaulProcess(gArguments, in: dir.url)
                XCTAssertTrue(waitUntil(timeout: 20) { (durableBytes(stateDirectory: state, partPath: gPart) ?? 0) > 0 })
                second.signal(SIGINT)
                XCTAssertEqual(second.finish().status, 130)
                throttle.isOn = false
                server.serve("/g.bin", FileResource(content: changed, etag: "\"v2\""))
                let restarted = try HaulProcess.run(gArguments, in: dir.url)
                XCTAssertEqual(restarted.status, 0, restarted.stderr)
                XCTAssertTrue(restarted.stderr.contains("resuming at"), restarted.stderr)
                XCTAssertTrue(restarted.stderr.contains("starting over: the file changed on the server"), restarted.stderr)
                XCTAssertTrue(contents(dir.file("g.bin")) == changed)
            }
        }
    }

    /// `haul resume` takes the transfer options; `-x` and `--limit-rate` replace the stored ones.
    func testResumeTakesTheTransferOptions() async throws {
        try await withTestServer { server in
            try await withTemporaryDirectory { dir in
                let throttle = Switch(on: true)
                server.serve("/f.bin", FileResource(content: content), bytesPerSecond: 512 << 10, while: throttle)
                let state = dir.file("s")
                let part = dir.file("f.bin.part").path
                let first = try HaulProcess(["--state-dir", state.path, "-x", "1", server.url("/f.bin")], in: dir.url)
                XCTAssertTrue(waitUntil(timeout: 20) { (durableBytes(stateDirectory: state, partPath: part) ?? 0) > 0 })
                first.signal(SIGINT)
                XCTAssertEqual(first.finish().status, 130)
                throttle.isOn = false
                let resumed = try HaulProcess.run(
                    ["resume", "--state-dir", state.path, "--limit-rate", "64M", "-x", "3", "--retries", "7", "--max-overall-rate", "128M", "--connect-timeout", "5"],
                    in: dir.url
                )
                XCTAssertEqual(resumed.status, 0, resumed.stderr)
                XCTAssertTrue(contents(dir.file("f.bin")) == content)
                let store = try DownloadStore(directory: state.path).all().map(\.optionsJSON).joined(separator: "\n")
                XCTAssertTrue(store.contains("\"connections\":3"), store)
                XCTAssertTrue(store.contains("\"maxBytesPerSecond\":\(64 << 20)"), store)
            }
        }
    }

    /// Two downloads of the same name into different directories are told apart in `haul list`.
    func testListShowsPathsWhenNamesCollide() async throws {
        try await withTestServer { server in
            try await withTemporaryDirectory { dir in
                server.serve("/1G.bin", FileResource(content: content))
                let state = ["--state-dir", dir.file("s").path]
                for target in ["a", "b"] {
                    let result = try HaulProcess.run(state + ["-d", target, server.url("/1G.bin")], in: dir.url)
                    XCTAssertEqual(result.status, 0, result.stderr)
                }
                let list = try HaulProcess.run(["list"] + state, in: dir.url)
                XCTAssertTrue(list.stdout.contains("a/1G.bin"), list.stdout)
                XCTAssertTrue(list.stdout.contains("b/1G.bin"), list.stdout)
            }
        }
    }
}
