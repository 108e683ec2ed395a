import Foundation
@testable import HaulDaemon
import XCTest

/// Issue 33, point 1: a client that sends and never reads is stopped being read; what the daemon holds for it
/// stays bounded (`AnswerBacklog`, counted in `ServerLoad`).
final class UnreadAnswersTests: XCTestCase {
    private let pauseAt = 128 << 10

    /// A batch of `count` `system.listMethods` calls (about 0.9 KB of answer each).
    private func batch(_ count: Int) -> Data {
        let call: JSONValue = ["jsonrpc": "2.0", "id": 1, "method": "system.listMethods"]
        return JSONValue.array(Array(repeating: call, count: count)).data
    }

    func testAWebSocketClientThatNeverReadsIsNoLongerRead() async throws {
        let fixture = try await DaemonFixture.start(.socket) {
            $0.limits = ServerLimits(maxUnreadAnswerBytes: 128 << 10, maxCallsInProgress: 4)
        }
        let answerSize = try fixture.request(body: batch(50)).body.count
        let client = try RawClient(port: fixture.port, receiveBuffer: 4096, sendBuffer: 16384, sendTimeout: .seconds(2))
        XCTAssertEqual(client.upgrade(port: fixture.port), 101)
        let message = String(decoding: batch(50), as: UTF8.self)
        var sent = 0
        while sent < 1000, client.sendText(message) { sent += 1 }

        let counts = fixture.daemon.server!.load.counts
        XCTAssertLessThan(sent, 1000, "the daemon stopped reading, so the client's sends blocked")
        XCTAssertGreaterThan(counts.readsPaused, 0)
        XCTAssertEqual(counts.closedForUnreadAnswers, 0, "paused, not closed")
        XCTAssertLessThanOrEqual(counts.peakUnwrittenAnswerBytes, pauseAt + 4 * answerSize,
                                 "at most the bound and the answers of the calls in progress (\(answerSize) bytes each)")

        // Once the client reads, the daemon reads again: every whole message sent is answered.
        var answers = 0
        while answers < sent, let frame = client.readFrame() {
            if frame.opcode == 1 { answers += 1 }
        }
        XCTAssertEqual(answers, sent)
        await fixture.stop()
    }

    func testPipelinedRequestsWhoseAnswersAreNeverReadAreNoLongerRead() async throws {
        let fixture = try await DaemonFixture.start(.socket) { $0.limits = ServerLimits(maxUnreadAnswerBytes: 128 << 10) }
        let body = batch(200)
        let answerSize = try fixture.request(body: body).body.count
        XCTAssertGreaterThan(answerSize, 128 << 10, "each answer passes the bound by itself")
        let client = try RawClient(port: fixture.port, receiveBuffer: 4096, sendBuffer: 16384, sendTimeout: .seconds(2))
        let head = "POST /jsonrpc HTTP/1.1\r\nHost: 127.0.0.1:\(fixture.port)\r\nContent-Type: application/json\r\n"
            + "Content-Length: \(body.count)\r\n\r\n"
        let request = Data(head.utf8) + body
        var sent = 0
        while sent < 300, client.transmit(request) { sent += 1 }

        let counts = fixture.daemon.server!.load.counts
        XCTAssertLessThan(sent, 300, "the daemon stopped reading, so the client's sends blocked")
        XCTAssertGreaterThan(counts.readsPaused, 0)
        XCTAssertEqual(counts.closedForUnreadAnswers, 0)
        XCTAssertLessThanOrEqual(counts.peakUnwrittenAnswerBytes, pauseAt + answerSize + 1024,
                                 "one answer at a time, none started above the bound")

        // Reading drains it: every whole request sent is answered, in order.
        var stream = Data()
        let status = Data("HTTP/1.1 200 OK\r\n".utf8)
        var answers = 0
        while answers < sent {
            let chunk = client.receive()
            if chunk.isEmpty { break }
            stream += chunk
            while let found = stream.range(of: status) {
                answers += 1
                stream.removeSubrange(..<found.upperBound)
            }
        }
        XCTAssertEqual(answers, sent)
        await fixture.stop()
    }

    // MARK: The decisions, as sequences

    func testReadingPausesAtTheBoundAndResumesAtHalf() {
        var backlog = AnswerBacklog(pauseAtBytes: 100, callsAtOnce: 2)
        XCTAssertTrue(backlog.readRequested())
        backlog.received()
        XCTAssertFalse(backlog.readRequested(), "a request waits: nothing more is read")
        XCTAssertTrue(backlog.startNext())
        XCTAssertFalse(backlog.startNext(), "nothing else waits")
        XCTAssertTrue(backlog.resumeReading())
        XCTAssertFalse(backlog.queued(120), "over the bound: paused, not closed")
        backlog.callFinished()
        XCTAssertFalse(backlog.readRequested())
        backlog.received()
        XCTAssertFalse(backlog.startNext(), "no answer starts above the bound")
        backlog.written(60)
        XCTAssertTrue(backlog.startNext(), "under the bound again")
        XCTAssertFalse(backlog.resumeReading(), "60 is above half the bound")
        backlog.written(20)
        XCTAssertTrue(backlog.resumeReading())
        XCTAssertFalse(backlog.resumeReading(), "a held read is passed on once")
    }

    func testCallsInProgressAreBoundedAndAFloodOfUnreadBytesCloses() {
        var backlog = AnswerBacklog(pauseAtBytes: 100, callsAtOnce: 2)
        for _ in 0..<3 { backlog.received() }
        XCTAssertTrue(backlog.startNext())
        XCTAssertTrue(backlog.startNext())
        XCTAssertFalse(backlog.startNext(), "two at once")
        backlog.callFinished()
        XCTAssertTrue(backlog.startNext())
        XCTAssertFalse(backlog.queued(400), "four times the bound is still kept")
        XCTAssertTrue(backlog.queued(1), "past it: close")
        XCTAssertFalse(backlog.queued(1), "closed once")
        backlog.written(401)
        XCTAssertFalse(backlog.readRequested(), "nothing is read on a closing connection")
    }
}
