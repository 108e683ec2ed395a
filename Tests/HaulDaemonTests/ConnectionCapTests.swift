import Foundation
@testable import HaulDaemon
import HaulTestSupport
import XCTest

/// Issue 33, point 3: sockets that send nothing neither lock clients out at the cap nor stay open for ever.
final class ConnectionCapTests: XCTestCase {
    private let listMethods: JSONValue = ["jsonrpc": "2.0", "id": 1, "method": "system.listMethods"]

    func testIdleSocketsAtTheCapDoNotLockOutARealRequest() async throws {
        let fixture = try await DaemonFixture.start(.socket) { $0.limits = ServerLimits(maxConnections: 4) }
        var idle: [RawClient] = []
        for _ in 0..<4 { idle.append(try RawClient(port: fixture.port)) }
        // One more sends half a head (slowloris): it waits for a request as much as the silent ones
        // (`ConnectionTable.Activity.waiting` either way), so it makes no difference whether the server has read
        // those bytes when the next connection comes: no wait for them.
        idle[3].transmit(Data("POST /jsonrpc HTTP/1.1\r\nHo".utf8))
        let answer = try fixture.request(body: listMethods.data)
        XCTAssertEqual(answer.status, 200)
        XCTAssertEqual(answer.json?["result"]?.arrayValue?.count, Aria2Methods.names.count)
        XCTAssertTrue(idle[0].closedByPeer(within: .seconds(5)), "the longest idle was closed to admit the request")
        XCTAssertGreaterThanOrEqual(fixture.daemon.server!.load.counts.closedToAdmit, 1)
        await fixture.stop()
    }

    func testAConnectionWithoutAWholeRequestInTimeIsClosedAndAWebSocketIsNot() async throws {
        let fixture = try await DaemonFixture.start(.socket) { $0.limits = ServerLimits(requestTimeout: .milliseconds(300)) }
        let silent = try RawClient(port: fixture.port)
        let slowHead = try RawClient(port: fixture.port)
        slowHead.transmit(Data("POST /jsonrpc HTTP/1.1\r\nHost: 127.0.0.1\r\n".utf8))
        let slowBody = try RawClient(port: fixture.port)
        slowBody.transmit(Data("POST /jsonrpc HTTP/1.1\r\nHost: 127.0.0.1:\(fixture.port)\r\nContent-Length: 100\r\n\r\n{".utf8))
        let webSocket = try RawClient(port: fixture.port)
        XCTAssertEqual(webSocket.upgrade(port: fixture.port), 101)
        // A keep-alive connection is timed again from its answer.
        let keepAlive = try RawClient(port: fixture.port)
        let body = listMethods.data
        keepAlive.transmit(Data("POST /jsonrpc HTTP/1.1\r\nHost: 127.0.0.1:\(fixture.port)\r\nContent-Length: \(body.count)\r\n\r\n".utf8) + body)
        XCTAssertTrue(String(decoding: keepAlive.receive(), as: UTF8.self).hasPrefix("HTTP/1.1 200"))

        for (name, client) in [("silent", silent), ("slow head", slowHead), ("slow body", slowBody), ("keep-alive", keepAlive)] {
            XCTAssertTrue(client.closedByPeer(within: .seconds(5)), name)
        }
        XCTAssertGreaterThanOrEqual(fixture.daemon.server!.load.counts.closedForTimeout, 4)
        let notifications: JSONValue = ["jsonrpc": "2.0", "id": "w", "method": "system.listNotifications"]
        webSocket.sendText(String(decoding: notifications.data, as: UTF8.self))
        XCTAssertNotNil(webSocket.readJSON { $0["id"] == "w" }?["result"], "a WebSocket open longer than the timeout still answers")
        await fixture.stop()
    }

    // MARK: Issue 58: WebSockets without the secret

    /// 300 WebSockets that never send the secret (default limits): a POST with the secret and a new WebSocket that
    /// sends it are answered, and a listener that was there before the flood keeps its notifications.
    func testAFloodOfWebSocketsWithoutTheSecretLocksNoOneOut() async throws {
        let fixture = try await DaemonFixture.start(.socket)
        let listener = try RawClient(port: fixture.port)
        XCTAssertEqual(listener.upgrade(port: fixture.port), 101)
        let flood = try openWebSockets(300, port: fixture.port)
        let load = fixture.daemon.server!.load
        let closed = await eventually { load.counts.closedListenersWithoutSecret == 300 + 1 - 128 }
        XCTAssertTrue(closed, "past 128, the newest others were closed: \(load.counts)")

        try assertTheSecretIsAnswered(fixture, listener: listener)
        XCTAssertTrue(flood.last!.closedByPeer(within: .seconds(5)), "the newest of the flood made room for the new WebSocket")
        XCTAssertEqual(load.counts.refused, 0)
        withExtendedLifetime(flood) {}
        await fixture.stop()
    }

    /// The same at the connection cap (listeners without the secret allowed up to it): the flood fills every slot,
    /// and room is made by closing a connection that sent a wrong token first, then the newest listener.
    func testAtTheCapAFloodOfWebSocketsGivesWayToTheSecret() async throws {
        let fixture = try await DaemonFixture.start(.socket) {
            $0.limits = ServerLimits(maxConnections: 16, maxListenersWithoutSecret: 16)
        }
        let listener = try RawClient(port: fixture.port)
        XCTAssertEqual(listener.upgrade(port: fixture.port), 101)
        let guesser = try RawClient(port: fixture.port)
        XCTAssertEqual(guesser.upgrade(port: fixture.port), 101)
        let guess: JSONValue = ["jsonrpc": "2.0", "id": "g", "method": "aria2.getVersion", "params": ["token:wrong"]]
        guesser.sendText(String(decoding: guess.data, as: UTF8.self))
        XCTAssertEqual(guesser.readJSON { $0["id"] == "g" }?["error"]?["code"], 1)
        let flood = try openWebSockets(30, port: fixture.port)
        let load = fixture.daemon.server!.load
        XCTAssertEqual(load.counts.closedListenersWithoutSecret, 0)
        XCTAssertGreaterThanOrEqual(load.counts.closedToAdmit, 30 - 14)
        XCTAssertTrue(guesser.closedByPeer(within: .seconds(5)), "the wrong token went first")

        try assertTheSecretIsAnswered(fixture, listener: listener)
        XCTAssertEqual(load.counts.refused, 0)
        withExtendedLifetime(flood) {}
        await fixture.stop()
    }

    /// An aria2p listener (which never sends the secret) keeps its notifications through a flood of 300.
    func testAnAria2pListenerKeepsItsNotificationsThroughAFlood() async throws {
        let python = try Aria2pScenarioTests.python()
        let fixture = try await DaemonFixture.start(.socket)
        let script = Aria2pScenarioTests.packageDirectory.appendingPathComponent("Tests/HaulDaemonTests/Scripts/aria2p_listener.py")
        let listener = try DaemonProcess([script.path, String(fixture.port)], executable: URL(fileURLWithPath: python))
        defer { listener.kill() }
        let hub = fixture.daemon.server!.hub
        let listening = await eventually { hub.count == 1 }
        XCTAssertTrue(listening, listener.output)
        let flood = try openWebSockets(300, port: fixture.port)
        let bounded = await eventually { hub.count == 128 }
        XCTAssertTrue(bounded, "\(hub.count) WebSockets open")

        let url = fixture.serve("/file", Array(repeating: 7, count: 10_000))
        let gid = try XCTUnwrap(try fixture.call("aria2.addUri", [[.string(url)]]).stringValue)
        XCTAssertTrue(listener.waitForOutput("complete \(gid)", within: 20), listener.output)
        XCTAssertFalse(listener.output.contains("closed"), listener.output)
        withExtendedLifetime(flood) {}
        await fixture.stop()
    }

    /// Opens `count` WebSockets that send nothing, one after the other (each may be closed at once by the rules).
    private func openWebSockets(_ count: Int, port: Int) throws -> [RawClient] {
        try (0..<count).map { _ in
            let client = try RawClient(port: port)
            XCTAssertEqual(client.upgrade(port: port), 101)
            return client
        }
    }

    /// A POST with the secret and a new WebSocket that sends it are answered; `listener`, open before the flood,
    /// receives aria2's notifications of a download.
    private func assertTheSecretIsAnswered(_ fixture: DaemonFixture, listener: RawClient, line: UInt = #line) throws {
        XCTAssertNotNil(try fixture.answer("aria2.getVersion")["result"]?["version"], line: line)
        let webSocket = try RawClient(port: fixture.port)
        XCTAssertEqual(webSocket.upgrade(port: fixture.port), 101, line: line)
        let call: JSONValue = ["jsonrpc": "2.0", "id": "s", "method": "aria2.getVersion", "params": [.string("token:" + fixture.secret)]]
        XCTAssertTrue(webSocket.sendText(String(decoding: call.data, as: UTF8.self)), line: line)
        XCTAssertNotNil(webSocket.readJSON { $0["id"] == "s" }?["result"]?["version"], line: line)

        let url = fixture.serve("/file", Array(repeating: 7, count: 10_000))
        let gid = try fixture.call("aria2.addUri", [[.string(url)]])
        let started = listener.readJSON { $0["method"] == "aria2.onDownloadStart" }
        XCTAssertEqual(started?["params"]?.arrayValue?.first?["gid"], gid, line: line)
    }

    /// Whether `condition` holds within 10 s (polled).
    private func eventually(_ condition: () -> Bool) async -> Bool {
        await HaulTestSupport.eventually { condition() }
    }

    // MARK: The decisions, as sequences

    func testAtTheCapTheLongestWaitingConnectionMakesRoom() {
        var table = ConnectionTable(capacity: 3)
        XCTAssertEqual(table.open(1), .admit)
        XCTAssertEqual(table.open(2), .admit)
        XCTAssertEqual(table.open(3), .admit)
        XCTAssertNil(table.update(1, to: .busy))
        XCTAssertEqual(table.open(4), .admitClosing(2), "1 is answering; 2 has waited longest")
        XCTAssertNil(table.update(1, to: .waiting))
        XCTAssertEqual(table.open(5), .admitClosing(3), "3 waited before 1 went back to waiting")
        XCTAssertNil(table.update(4, to: .webSocket))
        XCTAssertNil(table.update(5, to: .busy))
        XCTAssertEqual(table.open(6), .admitClosing(1))
        XCTAssertNil(table.update(6, to: .busy))
        XCTAssertEqual(table.open(7), .admitClosing(5), "no one waits: the longest answering without the secret")
        table.closed(7)
        XCTAssertEqual(table.open(8), .admit)
        XCTAssertEqual(table.count, 3)
    }

    /// Issue 58, rule 1: WebSockets that never showed the secret make room too, the newest first; what showed it
    /// keeps its place, and only when all of them have is a new connection refused.
    func testAtTheCapWhatShowedTheSecretStaysAndTheNewestListenerWithoutItGoes() {
        var table = ConnectionTable(capacity: 4)
        for id: ConnectionTable.ID in 1...4 {
            XCTAssertEqual(table.open(id), .admit)
            XCTAssertNil(table.update(id, to: .webSocket))
        }
        table.secret(2, shown: true)
        XCTAssertEqual(table.open(5), .admitClosing(4), "the newest listener without the secret; 1 came first")
        XCTAssertEqual(table.open(6), .admitClosing(5), "a connection just opened waits for a request: it goes before a listener")
        XCTAssertNil(table.update(6, to: .busy))
        XCTAssertEqual(table.open(7), .admitClosing(6), "a request without the secret yet goes before a listener")
        XCTAssertNil(table.update(7, to: .webSocket))
        XCTAssertEqual(table.open(8), .admitClosing(7))
        XCTAssertNil(table.update(8, to: .webSocket))
        table.secret(8, shown: true)
        XCTAssertEqual(table.open(9), .admitClosing(3))
        XCTAssertNil(table.update(9, to: .busy))
        table.secret(9, shown: true)
        XCTAssertEqual(table.open(10), .admitClosing(1), "the last listener without the secret")
        XCTAssertNil(table.update(10, to: .webSocket))
        table.secret(10, shown: true)
        XCTAssertEqual(table.open(11), .refuse, "every connection showed the secret and is a WebSocket or answering")
        XCTAssertNil(table.update(9, to: .waiting))
        XCTAssertEqual(table.open(12), .admitClosing(9), "an idle keep-alive connection with the secret, as a last resort")
    }

    /// A connection that sent a wrong token is the first to go; a right token later restores it, a wrong one
    /// after the right one does not undo it.
    func testAWrongTokenGoesFirstAndTheSecretOnceShownStays() {
        var table = ConnectionTable(capacity: 3)
        for id: ConnectionTable.ID in 1...3 { XCTAssertEqual(table.open(id), .admit) }
        XCTAssertNil(table.update(1, to: .webSocket))
        XCTAssertNil(table.update(2, to: .webSocket))
        table.secret(1, shown: true)
        table.secret(1, shown: false)
        XCTAssertEqual(table.secret(of: 1), .shown)
        table.secret(2, shown: false)
        XCTAssertEqual(table.secret(of: 2), .wrong)
        XCTAssertEqual(table.open(4), .admitClosing(2), "the wrong token's WebSocket before 3, which waits")
        table.secret(3, shown: false)
        table.secret(3, shown: true)
        XCTAssertEqual(table.secret(of: 3), .shown)
        XCTAssertEqual(table.open(5), .admitClosing(4))
        XCTAssertNil(table.secret(of: 4))
    }

    /// Rule 2: WebSockets without the secret are bounded; past the bound, a wrong token's goes, else the newest
    /// other than the newcomer, which may still show the secret in its first call.
    func testListenersWithoutTheSecretAreBoundedAndTheFirstKeepTheirPlace() {
        var table = ConnectionTable(capacity: 10, listenersWithoutSecret: 2)
        for id: ConnectionTable.ID in 1...6 { XCTAssertEqual(table.open(id), .admit) }
        XCTAssertNil(table.update(1, to: .webSocket))
        XCTAssertNil(table.update(2, to: .webSocket))
        XCTAssertEqual(table.update(3, to: .webSocket), 2, "the newest before the newcomer; 1 came first")
        XCTAssertEqual(table.listenersWithoutSecretCount, 2)
        table.secret(3, shown: true)
        XCTAssertNil(table.update(4, to: .webSocket), "3 showed the secret: it no longer counts")
        table.secret(1, shown: false)
        XCTAssertEqual(table.update(5, to: .webSocket), 1, "a wrong token goes first")
        XCTAssertEqual(table.update(6, to: .webSocket), 5)
        XCTAssertEqual(table.count, 3)
        XCTAssertEqual(table.listenersWithoutSecretCount, 2)

        var none = ConnectionTable(capacity: 2, listenersWithoutSecret: 0)
        XCTAssertEqual(none.open(1), .admit)
        XCTAssertEqual(none.update(1, to: .webSocket), 1, "no room at all: the newcomer itself")
        XCTAssertEqual(none.count, 0)
    }
}
