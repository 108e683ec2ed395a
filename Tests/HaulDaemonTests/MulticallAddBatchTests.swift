import Foundation
import HaulCore
import XCTest

@testable import HaulDaemon
@testable import HaulKit

/// A `system.multicall` of `aria2.addUri`s is added as one batch (issue 62, point 3: one transaction per batch),
/// with each call answered as if it had been made alone: in order, each refused on its own, each with its own
/// secret check.
final class MulticallAddBatchTests: XCTestCase {
    func testAMulticallOfAddsCostsTwoTransactionsAndAnswersEachInOrder() async throws {
        let fixture = try await DaemonFixture.start()
        let token = JSONValue.string("token:" + fixture.secret)
        var calls: [JSONValue] = (0..<60).map { index in
            ["methodName": "aria2.addUri", "params": [token, [.string("http://127.0.0.1:9/f\(index).bin")], ["pause": "true"]]]
        }
        // Refused alone, each in its place: a directory outside the allowed ones, a URI that is not http, no URI.
        calls[10] = ["methodName": "aria2.addUri", "params": [token, ["http://127.0.0.1:9/out.bin"], ["dir": "/", "pause": "true"]]]
        calls[20] = ["methodName": "aria2.addUri", "params": [token, ["ftp://127.0.0.1/x.bin"]]]
        calls[30] = ["methodName": "aria2.addUri", "params": [token, []]]
        // Two names the same: the second gets a numbered one, as two separate adds would.
        calls[40] = ["methodName": "aria2.addUri", "params": [token, ["http://127.0.0.1:9/same.bin"], ["pause": "true"]]]
        calls[41] = ["methodName": "aria2.addUri", "params": [token, ["http://127.0.0.1:9/same.bin"], ["pause": "true"]]]
        calls.append(["methodName": "aria2.getGlobalStat", "params": [token]])
        let request: JSONValue = ["jsonrpc": "2.0", "id": "m", "method": "system.multicall", "params": [.array(calls)]]

        let store = fixture.daemon.client.store
        let before = store.writeTransactions
        let answer = try XCTUnwrap(fixture.request(body: request.data).json)
        let writes = store.writeTransactions - before
        let results = try XCTUnwrap(answer["result"]?.arrayValue, "\(answer)")

        XCTAssertEqual(results.count, 61)
        XCTAssertEqual(results[10]["code"], 1)
        XCTAssertTrue(results[10]["message"]?.stringValue?.contains("outside the allowed directories") == true, "\(results[10])")
        XCTAssertEqual(results[20]["code"], 1)
        XCTAssertEqual(results[30]["message"], "aria2.addUri: uris must be a non-empty array of strings")
        let added = results.indices.filter { ![10, 20, 30, 60].contains($0) }
        let gids = added.compactMap { results[$0].arrayValue?.first?.stringValue }
        XCTAssertEqual(gids.count, 57, "\(results)")
        XCTAssertEqual(gids.map { GID(parsing: $0)?.id ?? 0 }, gids.map { GID(parsing: $0)?.id ?? 0 }.sorted(), "in the calls' order")
        XCTAssertEqual(results[60].arrayValue?.first?["numWaiting"], "57", "the call after the adds sees them all")
        // The records of the 57 in one transaction, their paused states in one more (each add alone: two each).
        XCTAssertLessThanOrEqual(writes, 2, "\(writes) write transactions for a multicall of 57 adds")

        let first = try fixture.call("aria2.tellStatus", [.string(gids[40 - 3]), ["status", "files"]])
        let second = try fixture.call("aria2.tellStatus", [.string(gids[41 - 3]), ["status", "files"]])
        XCTAssertEqual(first["status"], "paused")
        let paths = [first, second].compactMap { $0["files"]?.arrayValue?.first?["path"]?.stringValue }
        XCTAssertEqual(paths, [fixture.downloads + "/same.bin", fixture.downloads + "/same.1.bin"])
        await fixture.stop()
    }
    /// Each `dir` a batch asks for is checked, resolved and created once for the batch, not once per add (issue 62
    /// point 3, the add rate); every add still goes where it asked.
    func testABatchResolvesEachDirectoryOnce() async throws {
        let fixture = try await DaemonFixture.start()
        let token = JSONValue.string("token:" + fixture.secret)
        let calls: [JSONValue] = (0..<40).map { index in
            let options: JSONValue = index % 2 == 1 ? ["pause": "true", "dir": .string(fixture.downloads + "/sub")] : ["pause": "true"]
            return ["methodName": "aria2.addUri", "params": [token, [.string("http://127.0.0.1:9/r\(index).bin")], options]]
        }
        let request: JSONValue = ["jsonrpc": "2.0", "id": "m", "method": "system.multicall", "params": [.array(calls)]]
        let before = DirectoryResolver.resolutions.withLockedValue { $0 }
        let answer = try XCTUnwrap(fixture.request(body: request.data).json)
        let resolved = DirectoryResolver.resolutions.withLockedValue { $0 } - before
        let gids = try XCTUnwrap(answer["result"]?.arrayValue, "\(answer)").compactMap { $0.arrayValue?.first?.stringValue }
        XCTAssertEqual(gids.count, 40, "\(answer)")
        XCTAssertEqual(resolved, 2, "the default directory and sub/, once each")
        let paths = try [gids[0], gids[1]].map { gid in
            try fixture.call("aria2.tellStatus", [.string(gid), ["files"]])["files"]?.arrayValue?.first?["path"]?.stringValue
        }
        XCTAssertEqual(paths, [fixture.downloads + "/r0.bin", fixture.downloads + "/sub/r1.bin"])
        await fixture.stop()
    }
}
