import Foundation
@testable import HaulDaemon
import XCTest

/// Issue 33, point 3: sockets that send nothing neither lock clients out at the cap nor stay open for ever.
final class ConnectionCapTests: XCTestCase {
    private let listMethods: JSONValue = ["jsonrpc": "2.0", "id": 1, "method": "system.listMethods"]

    func testIdleSocketsAtTheCapDoNotLockOutARealRequest() async throws {
        let fixture = try await DaemonFixture.start(.socket) { $0.limits = ServerLimits(maxConnections: 4) }
        var idle: [RawClient] = []
        for _ in 0..<4 { idle.append(try RawClient(port: fixture.port)) }
        // One more sends half a head (slowloris): it waits for a request as much as the silent ones.
        idle[3].transmit(Data("POST /jsonrpc HTTP/1.1\r\nHo".utf8))
        try await Task.sleep(for: .milliseconds(100))
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

    // MARK: The decisions, as sequences

    func testAtTheCapTheLongestWaitingConnectionMakesRoom() {
        var table = ConnectionTable(capacity: 3)
        XCTAssertEqual(table.open(1), .admit)
        XCTAssertEqual(table.open(2), .admit)
        XCTAssertEqual(table.open(3), .admit)
        table.update(1, to: .busy)
        XCTAssertEqual(table.open(4), .admitClosing(2), "1 is answering; 2 has waited longest")
        table.update(1, to: .waiting)
        XCTAssertEqual(table.open(5), .admitClosing(3), "3 waited before 1 went back to waiting")
        table.update(4, to: .webSocket)
        table.update(5, to: .busy)
        XCTAssertEqual(table.open(6), .admitClosing(1))
        table.update(6, to: .busy)
        XCTAssertEqual(table.open(7), .refuse, "every connection is answering or a WebSocket")
        table.closed(5)
        XCTAssertEqual(table.open(8), .admit)
        XCTAssertEqual(table.count, 3)
    }
}
