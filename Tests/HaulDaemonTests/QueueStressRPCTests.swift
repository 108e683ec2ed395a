import Foundation
import HaulDaemon
import HaulKit
import HaulTestSupport
import XCTest

/// The queue's stress test over real RPC (see HaulKitTests' QueueStressTests for the library's): seeded batches of
/// `addUri` with colliding `out` names (some with `auto-file-renaming=false`), `pause`, `unpause` and `remove`, sent
/// at once; some servers slow. Afterwards every download is complete or removed, each file holds its own URL's
/// bytes, nothing waits, and no answer or status ever carried a raw store error.
///
/// Seeds: `HAUL_STRESS_SEEDS` (default 1, 2); every failure names its seed and the operations sent.
final class QueueStressRPCTests: XCTestCase {
    private static let sources = 6

    private static func content(_ source: Int) -> [UInt8] {
        deterministicBytes(count: 60_000 + 20_000 * source, seed: UInt64(200 + source))
    }

    func testConcurrentRPCAddsWithCollidingNamesAndRandomCommandsKeepEveryInvariant() async throws {
        for seed in SeededGenerator.stressSeeds([1, 2]) { try await run(seed: seed, rounds: 8, batch: 4) }
    }

    private func run(seed: UInt64, rounds: Int, batch: Int) async throws {
        let fixture = try await DaemonFixture.start()
        let throttle = Switch(on: true)
        let urls = (0..<Self.sources).map { source in
            fixture.serve(
                "/s\(source)/name\(source % 2).bin", Self.content(source), bytesPerSecond: source % 3 == 0 ? 150_000 : nil,
                while: throttle)
        }
        var random = SeededGenerator(seed: seed)
        let gids = GIDList()
        var log: [String] = []
        for round in 0..<rounds {
            var calls: [(String, [JSONValue])] = []
            for _ in 0..<batch {
                let pick = Int(random.next() % 1000)
                switch random.next() % 10 {
                case 0...4:
                    let source = Int(random.next() % UInt64(Self.sources))
                    var options: [String: JSONValue] = ["out": .string("name\(source % 2).bin"), "split": "1"]
                    if random.next() % 3 == 0 { options["auto-file-renaming"] = "false" }
                    calls.append(("aria2.addUri", [[.string(urls[source])], .object(options)]))
                case 5, 6: calls.append(("aria2.pause", [.int(Int64(pick))]))
                case 7, 8: calls.append(("aria2.unpause", [.int(Int64(pick))]))
                default: calls.append(("aria2.remove", [.int(Int64(pick))]))
                }
            }
            log.append("round \(round): \(calls.map { "\($0.0)\($0.1)" })")
            let problems = await withTaskGroup(of: String?.self) { group in
                for (method, params) in calls {
                    group.addTask { await Self.send(method, params, fixture: fixture, gids: gids) }
                }
                var problems: [String] = []
                for await problem in group { if let problem { problems.append(problem) } }
                return problems
            }
            XCTAssertEqual(problems, [], "seed \(seed): \(log.joined(separator: "; "))")
        }
        throttle.isOn = false
        _ = try fixture.call("aria2.unpauseAll")
        try await eventually(within: .seconds(15)) {
            let active = try fixture.call("aria2.tellActive", [["gid"]]).arrayValue?.count ?? 0
            let waiting = try fixture.call("aria2.tellWaiting", [0, 1000, ["gid", "status"]]).arrayValue ?? []
            return active == 0 && waiting.allSatisfy({ $0["status"] == "paused" })
        }
        XCTAssertEqual(try fixture.call("aria2.tellActive", [["gid"]]).arrayValue?.count, 0, "seed \(seed)")
        XCTAssertEqual(try fixture.call("aria2.tellWaiting", [0, 1000, ["gid"]]).arrayValue?.count, 0, "seed \(seed): nothing waits")
        var paths: Set<String> = []
        for gid in gids.all {
            let status = try fixture.call("aria2.tellStatus", [.string(gid), ["status", "errorMessage", "files"]])
            let state = status["status"]?.stringValue ?? ""
            XCTAssertTrue(["complete", "removed"].contains(state), "seed \(seed): \(gid) is \(status); \(log.joined(separator: "; "))")
            XCTAssertFalse(status["errorMessage"]?.stringValue?.contains("SQLite") ?? false, "seed \(seed): \(status)")
            guard state == "complete",
                let file = status["files"]?.arrayValue?.first, let path = file["path"]?.stringValue,
                let uri = file["uris"]?.arrayValue?.first?["uri"]?.stringValue,
                let source = urls.firstIndex(of: uri)
            else { continue }
            XCTAssertTrue(paths.insert(path).inserted, "seed \(seed): two downloads completed as \(path)")
            XCTAssertEqual(
                FileManager.default.contents(atPath: path).map { [UInt8]($0) }, Self.content(source),
                "seed \(seed): \(path) does not hold \(uri)'s bytes; \(log.joined(separator: "; "))")
        }
        await fixture.stop()
    }

    /// Sends one call; `pause`/`unpause`/`remove` name the `pick`-th GID known. Returns what must never happen.
    private static func send(_ method: String, _ params: [JSONValue], fixture: DaemonFixture, gids: GIDList) async -> String? {
        var params = params
        if method != "aria2.addUri" {
            guard let pick = params.first?.intValue, let gid = gids.pick(Int(pick)) else { return nil }
            params = [.string(gid)]
        }
        let answer: JSONValue
        do {
            answer = try await fixture.answering(method, params)
        } catch {
            return "\(method): \(error)"
        }
        if let gid = answer["result"]?.stringValue, method == "aria2.addUri" { gids.insert(gid) }
        guard let message = answer["error"]?["message"]?.stringValue else { return nil }
        if message.contains("SQLite") || message.contains("FOREIGN KEY") { return "\(method): \(message)" }
        if method == "aria2.addUri" {
            // Only `auto-file-renaming=false` may be refused, and only for a taken name.
            let refusedByChoice = "\(params)".contains("auto-file-renaming")
                && (message.contains("is the destination of download") || message.contains("already exists"))
            return refusedByChoice ? nil : "\(method)\(params): \(message)"
        }
        return nil  // pausing a complete download and the like: refused, as aria2 does
    }
}

/// The GIDs added so far, shared by the concurrent calls of a batch.
private final class GIDList: @unchecked Sendable {
    private let lock = NSLock()
    private var gids: [String] = []

    func insert(_ gid: String) { lock.withLock { if !gids.contains(gid) { gids.append(gid) } } }
    func pick(_ number: Int) -> String? { lock.withLock { gids.isEmpty ? nil : gids[number % gids.count] } }
    var all: [String] { lock.withLock { gids } }
}
