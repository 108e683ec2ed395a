import Foundation
import HaulDaemon
import HaulTestSupport
import XCTest

/// Every method against a daemon in this process, over real HTTP.
final class DaemonMethodTests: XCTestCase {
    func testAddUriDownloadsAndEveryQueryHasAria2sShape() async throws {
        let fixture = try await DaemonFixture.start()
        let bytes = deterministicBytes(count: 300_000)
        let url = fixture.serve("/file.bin", bytes)
        let gid = try fixture.call("aria2.addUri", [[.string(url)], ["out": "a.bin", "split": "2"]])
        XCTAssertEqual(gid.stringValue?.count, 16)
        try await fixture.wait(gid, for: "complete")
        XCTAssertEqual(FileManager.default.contents(atPath: fixture.downloads + "/a.bin").map { [UInt8]($0) }, bytes)

        let status = try fixture.call("aria2.tellStatus", [gid])
        XCTAssertEqual(status["totalLength"], "300000")
        XCTAssertEqual(status["completedLength"], "300000")
        // Issue 56: the bytes the run received and kept, as the last progress event said them (it may be heard
        // a moment after the state).
        var wire = status
        try await eventually(within: .seconds(5)) {
            if wire["haulBytesKept"] == "300000" { return true }
            wire = try fixture.call("aria2.tellStatus", [gid, ["haulBytesKept", "haulBytesReceived"]])
            return false
        }
        XCTAssertEqual(wire["haulBytesKept"], "300000")
        XCTAssertGreaterThanOrEqual(Int(wire["haulBytesReceived"]?.stringValue ?? "") ?? 0, 300_000)
        XCTAssertEqual(status["dir"], .string(fixture.downloads))
        XCTAssertEqual(status["files"]?.arrayValue?.first?["path"], .string(fixture.downloads + "/a.bin"))
        XCTAssertEqual(try fixture.call("aria2.tellStatus", [gid, ["gid", "status"]]), ["gid": gid, "status": "complete"])
        // A unique prefix names the download too.
        let prefix = JSONValue.string(String(gid.stringValue!.prefix(15)))
        XCTAssertEqual(try fixture.call("aria2.tellStatus", [prefix, ["gid"]]), ["gid": gid])

        XCTAssertEqual(try fixture.call("aria2.getUris", [gid]), [["uri": .string(url), "status": "used"]])
        XCTAssertEqual(try fixture.call("aria2.getFiles", [gid]).arrayValue?.first?["length"], "300000")
        XCTAssertEqual(try fixture.call("aria2.getServers", [gid]), [])
        XCTAssertEqual(try fixture.call("aria2.getOption", [gid])["split"], "2")
        XCTAssertEqual(try fixture.call("aria2.tellActive"), [])
        XCTAssertEqual(try fixture.call("aria2.tellWaiting", [0, 1000]), [])
        XCTAssertEqual(try fixture.call("aria2.tellStopped", [0, 1000, ["gid"]]), [["gid": gid]])
        XCTAssertEqual(try fixture.call("aria2.getGlobalStat"), [
            "downloadSpeed": "0", "uploadSpeed": "0", "numActive": "0", "numWaiting": "0", "numStopped": "1",
            "numStoppedTotal": "1",
        ])
        XCTAssertEqual(try fixture.call("aria2.getVersion")["version"], "1.37.0")
        XCTAssertEqual(try fixture.call("aria2.getSessionInfo")["sessionId"]?.stringValue?.count, 40)
        XCTAssertEqual(try fixture.call("aria2.saveSession"), "OK")
        XCTAssertEqual(try fixture.call("aria2.getGlobalOption")["dir"], .string(fixture.downloads))
        // Haul's own keys for the web page's detail and add dialog: the final URL and validator (the test server
        // sends a strong ETag), and the directories a client may save into.
        XCTAssertEqual(status["haulFinalURL"], .string(url))
        XCTAssertEqual(status["haulETag"]?.stringValue?.hasPrefix("\""), true, "\(status)")
        XCTAssertNil(try fixture.call("aria2.tellStatus", [gid, ["gid"]])["haulETag"], "the keys filter applies")
        // aria2's bitfield: one piece of 1 MiB, held.
        XCTAssertEqual(status["bitfield"], "80")
        XCTAssertEqual(status["numPieces"], "1")
        XCTAssertEqual(try fixture.call("aria2.getGlobalOption")["haul-allow-dir"]?.stringValue?.hasSuffix(
            URL(fileURLWithPath: fixture.downloads).lastPathComponent), true)

        XCTAssertEqual(try fixture.call("aria2.removeDownloadResult", [gid]), "OK")
        XCTAssertTrue(try fixture.error("aria2.tellStatus", [gid]).contains("is not found"))
        XCTAssertTrue(FileManager.default.fileExists(atPath: fixture.downloads + "/a.bin"), "the file stays")
        // aria2 still counts a forgotten result in numStoppedTotal (every download stopped this session).
        XCTAssertEqual(try fixture.call("aria2.getGlobalStat")["numStopped"], "0")
        XCTAssertEqual(try fixture.call("aria2.getGlobalStat")["numStoppedTotal"], "1")
        await fixture.stop()
    }

    func testPauseUnpauseQueueOrderRemoveAndGlobalOptions() async throws {
        let fixture = try await DaemonFixture.start()
        let throttle = Switch(on: true)
        let bytes = deterministicBytes(count: 200_000)
        XCTAssertEqual(try fixture.call("aria2.changeGlobalOption", [["max-concurrent-downloads": "1"]]), "OK")
        XCTAssertEqual(try fixture.call("aria2.getGlobalOption")["max-concurrent-downloads"], "1")
        var gids: [JSONValue] = []
        for name in ["a", "b", "c"] {
            let url = fixture.serve("/\(name)", bytes, bytesPerSecond: 20_000, while: throttle)
            gids.append(try fixture.call("aria2.addUri", [[.string(url)], ["split": "1"]]))
        }
        try await fixture.wait(gids[0], for: "active")
        XCTAssertEqual(try fixture.call("aria2.tellActive", [["gid"]]), [["gid": gids[0]]])
        XCTAssertEqual(try fixture.call("aria2.tellWaiting", [0, 1000, ["gid"]]), [["gid": gids[1]], ["gid": gids[2]]])
        XCTAssertEqual(try fixture.call("aria2.tellWaiting", [-1, 1, ["gid"]]), [["gid": gids[2]]])

        // changePosition: c to the front of the waiting list, then one place back.
        XCTAssertEqual(try fixture.call("aria2.changePosition", [gids[2], 0, "POS_SET"]), 0)
        XCTAssertEqual(try fixture.call("aria2.tellWaiting", [0, 1000, ["gid"]]), [["gid": gids[2]], ["gid": gids[1]]])
        XCTAssertEqual(try fixture.call("aria2.changePosition", [gids[2], 1, "POS_CUR"]), 1)
        XCTAssertEqual(try fixture.call("aria2.tellWaiting", [0, 1000, ["gid"]]), [["gid": gids[1]], ["gid": gids[2]]])
        XCTAssertTrue(try fixture.error("aria2.changePosition", [gids[1], 0, "POS_NOWHERE"]).contains("POS_SET"))

        // Pause the running one: it keeps its bytes and the next starts.
        XCTAssertEqual(try fixture.call("aria2.pause", [gids[0]]), gids[0])
        try await fixture.wait(gids[0], for: "paused")
        try await fixture.wait(gids[1], for: "active")
        XCTAssertTrue(try fixture.error("aria2.unpause", [gids[1]]).contains("only paused"))
        XCTAssertEqual(try fixture.call("aria2.unpause", [gids[0]]), gids[0])
        try await fixture.wait(gids[0], for: "waiting")

        // Per-download rate limit, changed at once; other options are fixed.
        XCTAssertEqual(try fixture.call("aria2.changeOption", [gids[1], ["max-download-limit": "100K"]]), "OK")
        XCTAssertEqual(try fixture.call("aria2.getOption", [gids[1]])["max-download-limit"], "102400")
        XCTAssertTrue(try fixture.error("aria2.changeOption", [gids[1], ["out": "x"]]).contains("cannot be changed"))

        // pauseAll / unpauseAll.
        XCTAssertEqual(try fixture.call("aria2.pauseAll"), "OK")
        for gid in gids { try await fixture.wait(gid, for: "paused") }
        XCTAssertEqual(try fixture.call("aria2.unpauseAll"), "OK")
        try await fixture.wait(gids[2], for: "waiting")

        // Remove: the result is listed as removed until removeDownloadResult; the partial file is gone.
        XCTAssertEqual(try fixture.call("aria2.remove", [gids[2]]), gids[2])
        XCTAssertEqual(try fixture.call("aria2.tellStatus", [gids[2], ["status"]]), ["status": "removed"])
        XCTAssertEqual(try fixture.call("aria2.tellStopped", [0, 10, ["gid"]]), [["gid": gids[2]]])
        XCTAssertTrue(try fixture.error("aria2.remove", [gids[2]]).contains("only active, waiting or paused"))
        XCTAssertEqual(try fixture.call("aria2.purgeDownloadResult"), "OK")
        XCTAssertTrue(try fixture.error("aria2.tellStatus", [gids[2]]).contains("not found"))
        XCTAssertEqual(try fixture.call("aria2.forceRemove", [gids[1]]), gids[1])

        // Let the last one finish at full speed.
        throttle.isOn = false
        try await fixture.wait(gids[0], for: "complete")

        // The stopped list: a held result, then a removed one, through aria2's windows (a negative offset counts
        // from the end and goes backwards); the global counts agree.
        try await fixture.wait(gids[1], for: "removed")
        XCTAssertEqual(try fixture.call("aria2.tellStopped", [0, 10, ["gid"]]), [["gid": gids[0]], ["gid": gids[1]]])
        XCTAssertEqual(try fixture.call("aria2.tellStopped", [1, 1, ["gid"]]), [["gid": gids[1]]])
        XCTAssertEqual(try fixture.call("aria2.tellStopped", [-1, 2, ["gid"]]), [["gid": gids[1]], ["gid": gids[0]]])
        XCTAssertEqual(try fixture.call("aria2.tellStopped", [-2, 5, ["gid"]]), [["gid": gids[0]]])
        XCTAssertEqual(try fixture.call("aria2.tellStopped", [2, 5, ["gid"]]), [])
        XCTAssertEqual(try fixture.call("aria2.tellActive", [["gid"]]), [])
        let stat = try fixture.call("aria2.getGlobalStat")
        XCTAssertEqual([stat["numActive"], stat["numWaiting"], stat["numStopped"]], ["0", "0", "2"])
        XCTAssertEqual(stat["numStoppedTotal"], "3", "the purged removal still counts, as in aria2")
        await fixture.stop()
    }

    /// A paused download's bitfield shows the pieces its checkpoint holds: with one connection from the start,
    /// the first pieces; the lists give it too, as `tellStatus` does (webui-aria2 draws its piece bars from
    /// `tellActive`/`tellWaiting` without naming keys), and a running download's when asked by name.
    func testAPausedDownloadsBitfieldShowsThePiecesItHolds() async throws {
        let fixture = try await DaemonFixture.start()
        let throttle = Switch(on: true)
        let url = fixture.serve("/b", deterministicBytes(count: 5 << 19), bytesPerSecond: 1 << 20, while: throttle)
        let gid = try fixture.call("aria2.addUri", [[.string(url)], ["split": "1"]])
        try await eventually {
            let done = try fixture.call("aria2.tellStatus", [gid, ["completedLength"]])["completedLength"]?.stringValue
            return done.flatMap { Int($0) }.map { $0 > 3 << 19 } ?? false
        }
        let running = try XCTUnwrap(try fixture.call("aria2.tellActive", [["gid", "bitfield"]]).arrayValue?.first)
        XCTAssertEqual(running["gid"], gid)
        XCTAssertEqual(running["bitfield"]?.stringValue?.count, 2, "a running download's bitfield in tellActive: \(running)")
        XCTAssertEqual(try fixture.call("aria2.pause", [gid]), gid)
        try await fixture.wait(gid, for: "paused")
        let status = try fixture.call("aria2.tellStatus", [gid, ["bitfield", "numPieces", "completedLength"]])
        XCTAssertEqual(status["numPieces"], "3", "2.5 MiB in pieces of 1 MiB")
        let held = try XCTUnwrap(Int(status["completedLength"]?.stringValue ?? ""))
        XCTAssertTrue(held >= 3 << 19 && held < 5 << 19, "\(held)")
        XCTAssertEqual(status["bitfield"], held < 2 << 20 ? "80" : "c0", "the whole pieces of the \(held) bytes held")
        // The list gives every key tellStatus gives, with the same values (the download is paused: nothing moves).
        XCTAssertEqual(try fixture.call("aria2.tellWaiting", [0, 10]), [try fixture.call("aria2.tellStatus", [gid])])
        XCTAssertEqual(try fixture.call("aria2.tellWaiting", [0, 10, ["bitfield"]]), [["bitfield": status["bitfield"]!]])
        throttle.isOn = false
        _ = try fixture.call("aria2.unpause", [gid])
        try await fixture.wait(gid, for: "complete")
        XCTAssertEqual(try fixture.call("aria2.tellStatus", [gid, ["bitfield"]]), ["bitfield": "e0"])
        XCTAssertEqual(try fixture.call("aria2.tellStopped", [0, 10]), [try fixture.call("aria2.tellStatus", [gid])])
        await fixture.stop()
    }

    /// `getVersion` names every feature Haul has under aria2's names, and none it lacks: webui-aria2 offers "By
    /// Metalinks" only when `Metalink` is listed. Each feature is checked against the methods that carry it.
    func testGetVersionsFeaturesMatchTheMethods() async throws {
        let fixture = try await DaemonFixture.start()
        let features = try XCTUnwrap(fixture.call("aria2.getVersion")["enabledFeatures"]?.arrayValue).compactMap(\.stringValue)
        let methods = try XCTUnwrap(fixture.call("system.listMethods").arrayValue).compactMap(\.stringValue)
        XCTAssertEqual(features.contains("Metalink"), methods.contains("aria2.addMetalink"), "\(features)")
        XCTAssertEqual(features.contains("BitTorrent"), methods.contains("aria2.addTorrent"), "\(features)")
        XCTAssertTrue(features.contains("Metalink"))
        XCTAssertTrue(features.contains("HTTPS") && features.contains("Message Digest"), "\(features)")
        XCTAssertEqual(Set(features).subtracting(["HTTPS", "Message Digest", "Metalink"]), [], "only features Haul has")
        await fixture.stop()
    }

    func testAddOptionsPausedPositionChecksumAndHeaders() async throws {
        let fixture = try await DaemonFixture.start()
        let bytes = deterministicBytes(count: 1000)
        let url = fixture.serve("/f", bytes)
        let paused = try fixture.call("aria2.addUri", [[.string(url)], ["pause": "true", "out": "p.bin"]])
        XCTAssertEqual(try fixture.call("aria2.tellStatus", [paused, ["status"]]), ["status": "paused"])
        let first = try fixture.call("aria2.addUri", [[.string(url)], ["pause": "true", "out": "q.bin"], 0])
        XCTAssertEqual(try fixture.call("aria2.tellWaiting", [0, 10, ["gid"]]), [["gid": first], ["gid": paused]])

        let wrong = String(repeating: "0", count: 64)
        let bad = try fixture.call("aria2.addUri", [[.string(url)], ["checksum": .string("sha-256=" + wrong), "out": "c.bin", "header": ["X-Test: 1"]]])
        try await fixture.wait(bad, for: "error")
        let status = try fixture.call("aria2.tellStatus", [bad])
        XCTAssertEqual(status["errorCode"], "32")
        XCTAssertEqual(status["haulChecksumVerdict"], "mismatch")
        XCTAssertEqual(fixture.server.requests(for: "/f").last?.headers.first { $0.name == "X-Test" }?.value, "1")
        XCTAssertFalse(FileManager.default.fileExists(atPath: fixture.downloads + "/c.bin"), "a mismatch keeps nothing")
        await fixture.stop()
    }

    func testUnsupportedAndUnknownMethodsAndBadParametersSayWhy() async throws {
        let fixture = try await DaemonFixture.start()
        XCTAssertTrue(try fixture.error("aria2.addTorrent", ["AAAA"]).contains("BitTorrent"))
        XCTAssertTrue(try fixture.error("aria2.addMetalink", ["AAAA"]).contains("Metalink"), "not a Metalink document")
        XCTAssertEqual(try fixture.error("aria2.nothing"), "No such method: aria2.nothing")
        XCTAssertTrue(try fixture.error("aria2.addUri", [["ftp://example.org/x"]]).contains("'ftp://example.org/x' is not an http or https URL"))
        XCTAssertEqual(try fixture.error("aria2.addUri", []), "aria2.addUri: parameter 1 is missing")
        XCTAssertTrue(try fixture.error("aria2.tellWaiting", ["a", 1]).contains("must be an integer"))
        XCTAssertTrue(try fixture.error("aria2.tellStatus", ["zz"]).contains("not valid"))
        XCTAssertTrue(try fixture.error("aria2.tellStatus", ["0000000000000999"]).contains("not found"))
        await fixture.stop()
    }

    func testBatchAndMulticall() async throws {
        let fixture = try await DaemonFixture.start()
        let token = JSONValue.string("token:" + fixture.secret)
        let batch: JSONValue = [
            ["jsonrpc": "2.0", "id": 1, "method": "aria2.getVersion", "params": [token]],
            ["jsonrpc": "2.0", "method": "aria2.getVersion", "params": [token]],
            ["jsonrpc": "2.0", "id": 2, "method": "aria2.tellActive", "params": ["token:wrong"]],
        ]
        let answer = try XCTUnwrap(fixture.request(body: batch.data).json?.arrayValue)
        XCTAssertEqual(answer.count, 3, "a call without id is refused (aria2 requires the id), not run unanswered")
        XCTAssertEqual(answer[0]["id"], 1)
        XCTAssertEqual(answer[0]["result"]?["version"], "1.37.0")
        XCTAssertEqual(answer[1]["error"]?["code"], -32600)
        XCTAssertEqual(answer[1]["id"], .null)
        XCTAssertEqual(answer[2]["error"], ["code": 1, "message": "Unauthorized"])

        // As aria2p sends it: no secret of its own, one in each nested call.
        let request: JSONValue = ["jsonrpc": "2.0", "id": "m", "method": "system.multicall", "params": [[
            ["methodName": "aria2.getGlobalStat", "params": [token]],
            ["methodName": "aria2.tellActive", "params": []],
            ["methodName": "system.listMethods"],
        ]]]
        let multi = try XCTUnwrap(fixture.request(body: request.data).json)
        let results = try XCTUnwrap(multi["result"]?.arrayValue, "\(multi)")
        XCTAssertEqual(results[0].arrayValue?.first?["numActive"], "0")
        XCTAssertEqual(results[1], ["code": 1, "message": "Unauthorized"])
        XCTAssertTrue(results[2].arrayValue?.first?.arrayValue?.contains("aria2.addUri") == true)
        await fixture.stop()
    }
}
