import Foundation
@testable import HaulDaemon
import HaulTestSupport
import MCP
import XCTest

/// Issue 54, point 1: notifications where a client asks for them. A `tools/call` carrying `_meta.progressToken`
/// from a client that accepts `text/event-stream` is answered, once it runs long, as Server-Sent Events: its
/// `notifications/progress`, then its result (docs/agents.md, "Progress notifications").
final class MCPProgressTests: XCTestCase {
    private func text(_ data: Data) -> String { String(decoding: data, as: UTF8.self) }

    // MARK: The framing (ServerSentEvents)

    func testAMessageIsOneEventWithADataLinePerLine() {
        XCTAssertEqual(text(ServerSentEvents.event(Data(#"{"a":1}"#.utf8))), "event: message\ndata: {\"a\":1}\n\n")
        XCTAssertEqual(text(ServerSentEvents.event(Data("x\r\ny\rz\n".utf8))), "event: message\ndata: x\ndata: y\ndata: z\ndata: \n\n")
    }

    func testTheReaderFindsEachEventWhereverTheStreamIsCut() {
        let first = Data(#"{"jsonrpc":"2.0","method":"notifications/progress","params":{"progress":1,"message":"é"}}"#.utf8)
        let last = Data(#"{"jsonrpc":"2.0","id":7,"result":{}}"#.utf8)
        var stream = ServerSentEvents.event(first)
        stream += Data(": a comment\n\nevent: other\ndata: not a message\n\n".utf8)  // neither is a message
        stream += Data("id: 3\r\nretry: 10\r\ndata:x\r\ndata: y\r\n\r\n".utf8)  // CRLF lines, two data fields
        stream += ServerSentEvents.event(last)
        for size in [1, 2, 3, 7, 64, stream.count] {
            var reader = ServerSentEvents.Reader()
            var messages: [Data] = []
            var offset = 0
            while offset < stream.count {
                messages += reader.read(stream[offset..<min(offset + size, stream.count)])
                offset += size
            }
            XCTAssertEqual(messages, [first, Data("x\ny".utf8), last], "cut every \(size) bytes")
        }
    }

    /// `haul mcp` writes each event of a streamed answer as a line as soon as it has arrived whole, not at the end.
    func testTheStdioRelayWritesEachEventAsItArrives() async {
        let (chunks, feed) = AsyncStream.makeStream(of: Data.self)
        let (lines, written) = AsyncStream.makeStream(of: Data.self)
        let relaying = Task {
            await MCPStdioRelay.relay(DaemonResponse(status: 200, contentType: "text/event-stream", chunks: chunks)) { written.yield($0) }
            written.finish()
        }
        let note = Data(#"{"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":1,"progress":5}}"#.utf8)
        let result = Data(#"{"jsonrpc":"2.0","id":1,"result":{}}"#.utf8)
        let first = ServerSentEvents.event(note), last = ServerSentEvents.event(result)
        var heard = lines.makeAsyncIterator()
        feed.yield(first.prefix(10))
        feed.yield(first.dropFirst(10) + last.prefix(20))
        let line = await heard.next()
        XCTAssertEqual(line, note, "written while the stream is still open")
        feed.yield(last.dropFirst(20))
        feed.finish()
        let next = await heard.next()
        XCTAssertEqual(next, result)
        await relaying.value
        let end = await heard.next()
        XCTAssertNil(end)
    }

    // MARK: When a wait reports (WaitProgress)

    private func download(_ id: Int64, _ status: Aria2Status, done: Int64, total: Int64?) -> Aria2Download {
        Aria2Download(id: id, status: status, url: "http://h/\(id)", path: "/d/\(id)", totalBytes: total, bytesDone: done)
    }

    func testAWaitReportsItsFirstLookThenOnlyProgressThatGrows() {
        var reports = WaitProgress()
        let first = reports.look([download(1, .active, done: 0, total: 1000), download(2, .waiting, done: 0, total: nil)])
        XCTAssertEqual(first, .init(progress: 0, total: nil, message: "0 of 2 finished; 0 B"), "a size unknown: no total")
        XCTAssertNil(reports.look([download(1, .active, done: 0, total: 1000), download(2, .waiting, done: 0, total: nil)]), "no growth")
        let grown = reports.look([download(1, .complete, done: 1000, total: 1000), download(2, .active, done: 24, total: 2048)])
        XCTAssertEqual(grown, .init(progress: 1024, total: 3048, message: "1 of 2 finished; 1.00 KiB of 2.98 KiB"))
        XCTAssertNil(reports.look([download(1, .complete, done: 1000, total: 1000), download(2, .active, done: 0, total: 2048)]), "started over")
        XCTAssertEqual(reports.look([download(1, .complete, done: 1000, total: 1000), download(2, .active, done: 25, total: 2048)])?.progress, 1025)
    }

    // MARK: The answer (MCPProgressAnswer)

    private let result = HTTPResponse.data(Data(#"{"jsonrpc":"2.0","id":1,"result":{}}"#.utf8), headers: ["Content-Type": "application/json"])

    func testAResultBeforeAnyProgressIsAPlainAnswer() async {
        let answer = MCPProgressAnswer()
        answer.finish(result)
        answer.notify(Data("late".utf8))
        guard case .plain(let response) = await answer.start() else { return XCTFail("streamed") }
        XCTAssertEqual(response.bodyData, result.bodyData)
        var events = 0
        for await _ in answer.chunks { events += 1 }
        XCTAssertEqual(events, 0, "nothing streamed")
    }

    func testProgressFirstStartsAStreamThatEndsWithTheResult() async {
        let answer = MCPProgressAnswer()
        let started = Task { await answer.start() }
        answer.notify(Data("one".utf8))
        guard case .streaming = await started.value else { return XCTFail("plain") }
        answer.notify(Data("two".utf8))
        answer.finish(result)
        var reader = ServerSentEvents.Reader()
        var messages: [Data] = []
        for await chunk in answer.chunks { messages += reader.read(chunk) }
        XCTAssertEqual(messages, [Data("one".utf8), Data("two".utf8), result.bodyData!])
    }

    /// A client that never reads: however many reports the tool makes, the answer holds the newest
    /// `bufferedEvents`, and the result is never the one dropped.
    func testAClientThatNeverReadsHoldsOnlyTheNewestEvents() async {
        let answer = MCPProgressAnswer()
        for index in 0..<10_000 { answer.notify(Data("progress \(index)".utf8)) }
        answer.finish(result)
        guard case .streaming = await answer.start() else { return XCTFail("plain") }
        var reader = ServerSentEvents.Reader()
        var messages: [Data] = []
        for await chunk in answer.chunks { messages += reader.read(chunk) }
        XCTAssertEqual(messages.count, MCPProgressAnswer.bufferedEvents)
        XCTAssertEqual(messages.last, result.bodyData)
        XCTAssertEqual(messages.first, Data("progress \(10_000 - MCPProgressAnswer.bufferedEvents + 1)".utf8))
    }

    /// A client that goes away (the server's handler cancels its reading of the stream when the connection closes,
    /// or a write fails) cancels the call that makes it: a wait of minutes does not poll the downloads for nobody.
    func testACallWhoseClientGoesAwayIsCancelled() async {
        let answer = MCPProgressAnswer()
        let call = Task {
            await answer.unlessAbandoned { () async -> Bool in
                answer.notify(Data("first".utf8))
                try? await FixtureDelay.pause(.seconds(30))  // a call of minutes
                return Task.isCancelled
            }
        }
        guard case .streaming = await answer.start() else { return XCTFail("plain") }
        let (read, reads) = AsyncStream.makeStream(of: Void.self)
        let reading = Task {
            for await _ in answer.chunks { reads.yield() }
        }
        var heard = read.makeAsyncIterator()
        _ = await heard.next()
        reading.cancel()
        let cancelled = await call.value
        XCTAssertTrue(cancelled)
    }

    // MARK: /mcp

    private func call(_ fixture: DaemonFixture, _ name: String, _ arguments: String, meta: String? = nil) throws -> RawClient.Response {
        let params = #"{"name":"\#(name)","arguments":\#(arguments)"# + (meta.map { #","_meta":\#($0)"# } ?? "") + "}"
        let body = Data(#"{"jsonrpc":"2.0","id":5,"method":"tools/call","params":\#(params)}"#.utf8)
        return try fixture.request(path: "/mcp", headers: [
            "Accept": "application/json, text/event-stream", "Authorization": "Bearer \(fixture.secret)",
        ], body: body)
    }

    /// Over a socket (chunked HTTP/1.1) and in memory alike: a wait that asks for progress hears increasing
    /// progress of the bytes, then its result; the same wait without a token is one JSON answer.
    func testAWaitThatAsksForProgressHearsItBeforeItsResult() async throws {
        for transport in [DaemonTransport.inMemory, .socket] {
            let fixture = try await DaemonFixture.start(transport)
            let url = fixture.serve("/paced", Array(repeating: 7, count: 300_000), bytesPerSecond: 300_000)
            let added = try call(fixture, "add_downloads", #"{"urls":["\#(url)"],"connections":1}"#)
            XCTAssertEqual(added.headers["content-type"], "application/json", "no token: plain JSON")
            let id = try XCTUnwrap(added.json?["result"]?["structuredContent"]?["added"]?.arrayValue?.first?["id"]?.stringValue)

            let waited = try call(fixture, "wait_for_downloads", #"{"ids":["\#(id)"]}"#, meta: #"{"progressToken":"p1"}"#)
            XCTAssertEqual(waited.status, 200)
            XCTAssertEqual(waited.headers["content-type"], "text/event-stream")
            var body = waited.body
            if transport == .socket {
                XCTAssertEqual(waited.headers["transfer-encoding"], "chunked")
                body = try XCTUnwrap(Self.dechunked(body))
            }
            var reader = ServerSentEvents.Reader()
            let messages = reader.read(body).compactMap(JSONValue.parse)
            let progress = messages.dropLast()
            XCTAssertGreaterThanOrEqual(progress.count, 1, "\(transport)")
            for note in progress {
                XCTAssertEqual(note["method"], "notifications/progress")
                XCTAssertEqual(note["params"]?["progressToken"], "p1")
                XCTAssertEqual(note["params"]?["total"]?.intValue ?? 300_000, 300_000)
            }
            let values = progress.compactMap { $0["params"]?["progress"]?.intValue }
            XCTAssertEqual(values, values.sorted(), "increasing")
            XCTAssertEqual(Set(values).count, values.count, "strictly")
            XCTAssertEqual(messages.last?["id"], 5)
            XCTAssertEqual(messages.last?["result"]?["structuredContent"]?["finished"], true)

            let again = try call(fixture, "wait_for_downloads", #"{"ids":["\#(id)"]}"#, meta: #"{"progressToken":"p2"}"#)
            XCTAssertEqual(again.headers["content-type"], "application/json", "finished at the first look: nothing to report")
            await fixture.stop()
        }
    }

    /// The body of a chunked HTTP/1.1 answer.
    static func dechunked(_ raw: Data) -> Data? {
        var body = Data()
        var rest = raw[...]
        while let line = rest.range(of: Data("\r\n".utf8)) {
            guard let size = Int(String(decoding: rest[..<line.lowerBound], as: UTF8.self), radix: 16) else { return nil }
            if size == 0 { return body }
            let start = line.upperBound
            guard rest.distance(from: start, to: rest.endIndex) >= size + 2 else { return nil }
            body += rest[start..<rest.index(start, offsetBy: size)]
            rest = rest[rest.index(start, offsetBy: size + 2)...]
        }
        return nil
    }
}
