import Foundation
import HaulDaemon
import HaulTestSupport
import XCTest

/// Which calls are answered on their connection's event loop (`SmallCalls`, issue 62 point 4): only those whose work
/// is bounded whatever the queue holds; a call that grows with the queue or writes to the store goes to the pool,
/// so that it never holds another client's small call behind it on the loop.
final class SmallCallsTests: XCTestCase {
    private let token: JSONValue = "token:s"
    private let gid: JSONValue = "2089b05ecca3d829"

    private func small(_ method: String, _ params: [JSONValue] = []) -> Bool {
        SmallCalls.isSmall(method: method, params: params, nested: false)
    }

    private func parsed(_ text: String) -> JSONRPCEnvelope.Parsed {
        JSONRPCEnvelope.parse(Data(text.utf8), maxBatch: 1000)
    }

    func testWhatAPagePollsIsSmall() {
        for method in ["aria2.getVersion", "aria2.getGlobalStat", "aria2.tellActive", "aria2.getGlobalOption", "aria2.getSessionInfo"] {
            XCTAssertTrue(small(method, [token]), method)
            XCTAssertTrue(small(method), "\(method) without a secret")
        }
        XCTAssertTrue(small("aria2.tellActive", [token, ["gid", "status"]]))
        XCTAssertTrue(small("system.multicall", [[
            ["methodName": "aria2.tellActive", "params": [token]], ["methodName": "aria2.getGlobalStat", "params": [token]],
        ]]))
    }

    func testAReadOfOneDownloadIsSmallOnlyByAWholeGID() {
        for method in ["aria2.tellStatus", "aria2.getOption", "aria2.getUris", "aria2.getFiles", "aria2.getServers", "aria2.getPeers"] {
            XCTAssertTrue(small(method, [token, gid]), method)
            XCTAssertTrue(small(method, [gid]), method)
            XCTAssertFalse(small(method, [token, "2089b0"]), "\(method): a prefix is matched against every id")
            XCTAssertFalse(small(method, [token]), "\(method) without a GID")
        }
        XCTAssertTrue(small("aria2.tellStatus", [token, gid, ["status", "bitfield"]]))
    }

    func testAListIsSmallOnlyForAFewDownloads() {
        for method in ["aria2.tellWaiting", "aria2.tellStopped"] {
            XCTAssertTrue(small(method, [token, 0, 1]), method)
            XCTAssertTrue(small(method, [token, -1, .int(Int64(SmallCalls.maxListed))]), method)
            XCTAssertTrue(small(method, [0, 10, ["gid"]]), method)
            XCTAssertFalse(small(method, [token, 0, .int(Int64(SmallCalls.maxListed + 1))]), method)
            XCTAssertFalse(small(method, [token, 0, 1000]), "\(method)(0, 1000): what held other clients' calls")
            // Read as the method reads it (a string of digits is a number to aria2's clients).
            XCTAssertTrue(small(method, [token, 0, "10"]), method)
            XCTAssertFalse(small(method, [token, 0, "1000"]), method)
            XCTAssertFalse(small(method, [token, 0, "many"]), "\(method): a count that is not a number")
            XCTAssertFalse(small(method, [token, 0]), "\(method): no count")
        }
    }

    func testCallsThatChangeOrGrowGoToThePool() {
        let big: [(String, [JSONValue])] = [
            ("aria2.addUri", [token, ["http://example.com/a"]]), ("aria2.addMetalink", [token, "PG1ldGFsaW5rLz4="]),
            ("aria2.pause", [token, gid]), ("aria2.unpause", [token, gid]), ("aria2.remove", [token, gid]),
            ("aria2.forcePause", [token, gid]), ("aria2.pauseAll", [token]), ("aria2.unpauseAll", [token]),
            ("aria2.changePosition", [token, gid, 0, "POS_SET"]), ("aria2.changeOption", [token, gid, [:]]),
            ("aria2.changeGlobalOption", [token, [:]]), ("aria2.changeUri", [token, gid, 1, [], []]),
            ("aria2.purgeDownloadResult", [token]), ("aria2.removeDownloadResult", [token, gid]),
            ("aria2.saveSession", [token]), ("aria2.shutdown", [token]), ("haul.listDownloads", [token, [:]]),
            ("haul.removeDownloadAndFile", [token, gid]), ("haul.getHostBudgets", [token]), ("no.suchMethod", []),
        ]
        for (method, params) in big { XCTAssertFalse(small(method, params), method) }
    }

    func testAMulticallIsSmallOnlyWhenAllItsFewCallsAre() {
        let poll: JSONValue = ["methodName": "aria2.getGlobalStat", "params": [token]]
        let list: JSONValue = ["methodName": "aria2.tellWaiting", "params": [token, 0, 1000]]
        XCTAssertFalse(small("system.multicall", [[poll, list]]), "one big call makes the multicall big")
        XCTAssertFalse(small("system.multicall", [token, [list]]))
        XCTAssertTrue(small("system.multicall", [token, [poll]]), "a secret before the list is skipped")
        XCTAssertTrue(small("system.multicall", [.array(Array(repeating: poll, count: SmallCalls.maxCalls))]))
        XCTAssertFalse(small("system.multicall", [.array(Array(repeating: poll, count: SmallCalls.maxCalls + 1))]))
        XCTAssertFalse(small("system.multicall", [[["methodName": "system.multicall", "params": [[poll]]]]]), "nested")
        XCTAssertFalse(small("system.multicall", []))
        XCTAssertTrue(small("system.multicall", [[["params": []]]]), "an entry without a name is answered with its error")
    }

    func testABodyIsAnsweredOnTheLoopOnlyWhenEachOfItsCallsIsSmall() {
        XCTAssertTrue(SmallCalls.answeredOnLoop(parsed(#"{"id":1,"method":"aria2.getVersion"}"#)))
        XCTAssertFalse(SmallCalls.answeredOnLoop(parsed(#"{"id":1,"method":"aria2.tellWaiting","params":["token:s",0,1000]}"#)))
        XCTAssertFalse(SmallCalls.answeredOnLoop(parsed(
            #"{"id":1,"method":"system.multicall","params":[[{"methodName":"aria2.tellWaiting","params":["token:s",0,1000]}]]}"#
        )))
        XCTAssertTrue(SmallCalls.answeredOnLoop(parsed(#"[{"id":1,"method":"aria2.getVersion"},{"id":2,"method":"aria2.tellActive"}]"#)))
        XCTAssertFalse(SmallCalls.answeredOnLoop(parsed(
            #"[{"id":1,"method":"aria2.getVersion"},{"id":2,"method":"aria2.tellStopped","params":[0,1000]}]"#
        )))
        let many = "[" + Array(repeating: #"{"id":1,"method":"aria2.getVersion"}"#, count: SmallCalls.maxCalls + 1).joined(separator: ",") + "]"
        XCTAssertFalse(SmallCalls.answeredOnLoop(parsed(many)))
        // Answered with an error at once.
        XCTAssertTrue(SmallCalls.answeredOnLoop(parsed("{")))
        XCTAssertTrue(SmallCalls.answeredOnLoop(parsed(#"[{"method":"aria2.tellWaiting","params":[0,1000]}]"#)), "no id: refused")
    }

    func testOnlyAShortJSONRPCPostStartsOnTheLoop() {
        XCTAssertTrue(SmallCalls.startsOnLoop(method: "POST", uri: "/jsonrpc", bodyBytes: 60))
        XCTAssertTrue(SmallCalls.startsOnLoop(method: "POST", uri: "/jsonrpc?x=1", bodyBytes: SmallCalls.maxBodyOnLoop))
        XCTAssertFalse(SmallCalls.startsOnLoop(method: "POST", uri: "/jsonrpc", bodyBytes: SmallCalls.maxBodyOnLoop + 1))
        XCTAssertFalse(SmallCalls.startsOnLoop(method: "POST", uri: "/mcp", bodyBytes: 60), "MCP's tools are not classified")
        XCTAssertFalse(SmallCalls.startsOnLoop(method: "POST", uri: "/jsonrpcx", bodyBytes: 60))
        XCTAssertFalse(SmallCalls.startsOnLoop(method: "GET", uri: "/", bodyBytes: 0))
        XCTAssertFalse(SmallCalls.startsOnLoop(method: "OPTIONS", uri: "/jsonrpc", bodyBytes: 0))
    }

    /// The same calls over the socket (a small one answered on the connection's event loop) and through the router
    /// in memory (on the pool, as before): the same bytes.
    func testTheLoopAndThePoolAnswerTheSameBytes() async throws {
        let fixture = try await DaemonFixture.start(.socket)
        var gids: [JSONValue] = []
        for index in 0..<3 {
            gids.append(try fixture.call("aria2.addUri", [[.string("http://127.0.0.1:9/f\(index)")], ["pause": "true"]]))
        }
        let secret = JSONValue.string("token:" + fixture.secret)
        let calls: [(String, [JSONValue])] = [
            ("aria2.getVersion", [secret]), ("aria2.getGlobalStat", [secret]), ("aria2.tellActive", [secret]),
            ("aria2.tellStatus", [secret, gids[1]]), ("aria2.tellStatus", [secret, gids[1], ["gid", "bitfield", "status"]]),
            ("aria2.getOption", [secret, gids[0]]), ("aria2.getUris", [secret, gids[2]]),
            ("aria2.tellWaiting", [secret, 0, 2]), ("aria2.tellWaiting", [secret, -1, 1000]), ("aria2.tellStopped", [secret, 0, 10]),
            ("aria2.tellStatus", [secret, "ffffffffffffffff"]), ("aria2.getVersion", ["token:wrong"]),
            ("system.multicall", [[["methodName": "aria2.tellActive", "params": [secret]], ["methodName": "aria2.getGlobalStat", "params": [secret]]]]),
            ("system.multicall", [[["methodName": "aria2.getVersion", "params": [secret]], ["methodName": "aria2.tellWaiting", "params": [secret, 0, 1000]]]]),
        ]
        var bodies = calls.map { JSONValue.object(["jsonrpc": "2.0", "id": 7, "method": .string($0.0), "params": .array($0.1)]).data }
        bodies.append(Data(#"[{"jsonrpc":"2.0","id":1,"method":"aria2.getVersion"},{"id":2,"method":"aria2.getGlobalStat"}]"#.utf8))
        bodies.append(Data("{".utf8))
        for body in bodies {
            let label = String(decoding: body, as: UTF8.self)
            let onSocket = try RawClient.request(port: fixture.port, body: body)
            let inMemory = await fixture.daemon.respond(to: DaemonRequest(headers: [("Host", "127.0.0.1:\(fixture.port)")], body: body))
            XCTAssertEqual(onSocket.status, inMemory.status, label)
            XCTAssertEqual(onSocket.body, inMemory.body, label)
            XCTAssertFalse(onSocket.body.isEmpty, label)
        }
        await fixture.stop()
    }
}
