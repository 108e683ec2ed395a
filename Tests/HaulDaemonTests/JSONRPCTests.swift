import Foundation
import HaulCore
import HaulDaemon
import HaulKit
import XCTest

final class JSONRPCTests: XCTestCase {
    private func parse(_ text: String, maxBatch: Int = 10) -> JSONRPCEnvelope.Parsed {
        JSONRPCEnvelope.parse(Data(text.utf8), maxBatch: maxBatch)
    }

    func testASingleCallAndABatchAreRead() {
        XCTAssertEqual(parse(#"{"jsonrpc":"2.0","id":"q","method":"aria2.tellActive","params":["token:x"]}"#),
                       .single(.success(RPCCall(id: "q", method: "aria2.tellActive", params: ["token:x"]))))
        guard case .batch(let calls) = parse(#"[{"id":1,"method":"a"},{"method":"b"}]"#) else { return XCTFail() }
        XCTAssertEqual(calls.count, 2)
        guard case .failure(let noID) = calls[1] else { return XCTFail("no id: refused as aria2 refuses it, not run unanswered") }
        XCTAssertEqual(noID.error, .invalidRequest("id is required (the call was not run)"))
        XCTAssertEqual(noID.id, .null)
        XCTAssertEqual(try calls[0].get().id, 1)
    }

    func testWhatIsNotARequestGetsTheJSONRPCErrors() {
        XCTAssertEqual(parse("{nope"), .invalid(.parseError))
        XCTAssertEqual(parse("[]"), .invalid(.invalidRequest("empty batch")))
        XCTAssertEqual(parse("42"), .invalid(.invalidRequest("a request is an object or an array of objects")))
        guard case .invalid(let error) = parse(String(repeating: "{\"method\":\"a\"},", count: 11).dropLast().description.wrappedInBrackets)
        else { return XCTFail("a batch over the limit is refused whole") }
        XCTAssertEqual(error.code, -32600)
        guard case .single(.failure(let failure)) = parse(#"{"id":7,"method":3}"#) else { return XCTFail() }
        XCTAssertEqual(failure.id, 7)
        XCTAssertEqual(failure.error.code, -32600)
    }

    func testAnswersAndNotificationsHaveTheJSONRPCShape() {
        XCTAssertEqual(JSONRPCEnvelope.response(id: "q", .success("OK")), ["jsonrpc": "2.0", "id": "q", "result": "OK"])
        XCTAssertEqual(JSONRPCEnvelope.response(id: 1, .failure(.unauthorized)),
                       ["jsonrpc": "2.0", "id": 1, "error": ["code": 1, "message": "Unauthorized"]])
        XCTAssertEqual(JSONRPCEnvelope.notification("aria2.onDownloadStart", [["gid": "0000000000000001"]]),
                       ["jsonrpc": "2.0", "method": "aria2.onDownloadStart", "params": [["gid": "0000000000000001"]]])
    }

    func testIntegersStayIntegers() {
        XCTAssertEqual(JSONValue.parse(Data("[1, 2.5, true, null]".utf8)), [1, .double(2.5), true, .null])
        XCTAssertEqual(String(decoding: JSONValue.int(0).data, as: UTF8.self), "0")
    }

    func testTheNotifierAnnouncesStartsPausesCompletionsErrorsAndStops() {
        var notifier = Aria2Notifier()
        let gid = "0000000000000001"
        XCTAssertEqual(notifier.event(.stateChanged(id: 1, .queued)), [])
        XCTAssertEqual(notifier.event(.stateChanged(id: 1, .downloading)), [.aria2(method: "aria2.onDownloadStart", gid: gid)])
        XCTAssertEqual(notifier.event(.stateChanged(id: 1, .downloading)), [], "a repeated state is not announced twice")
        XCTAssertEqual(notifier.event(.stateChanged(id: 1, .paused)), [.aria2(method: "aria2.onDownloadPause", gid: gid)])
        XCTAssertEqual(notifier.event(.stateChanged(id: 1, .queued)), [])
        XCTAssertEqual(notifier.event(.failed(id: 1, HaulError(.busy, "held elsewhere"))), [])
        XCTAssertEqual(notifier.event(.failed(id: 1, HaulError(.network, "reset"))), [.aria2(method: "aria2.onDownloadError", gid: gid)])
        XCTAssertEqual(notifier.event(.removed(id: 1)), [], "forgetting a failed result is not a stop")
        let second = "0000000000000002"
        XCTAssertEqual(notifier.event(.stateChanged(id: 2, .downloading)).count, 1)
        XCTAssertEqual(notifier.event(.completed(id: 2, file: URL(fileURLWithPath: "/d/a"))), [.aria2(method: "aria2.onDownloadComplete", gid: second)])
        XCTAssertEqual(notifier.event(.removed(id: 2)), [])
        XCTAssertEqual(notifier.event(.stateChanged(id: 3, .queued)), [])
        XCTAssertEqual(notifier.event(.removed(id: 3)), [.aria2(method: "aria2.onDownloadStop", gid: "0000000000000003")],
                       "an unfinished download removed by another process is a stop")
    }

    /// A pause and a remove at one moment (two clients): the state changes travel through the download's update
    /// stream and may come after the removal. One stop, and nothing after it (before: Stop, Pause, Stop).
    func testARemovalIsTheLastWordOnADownload() {
        var notifier = Aria2Notifier()
        let gid = "0000000000000005"
        XCTAssertEqual(notifier.event(.stateChanged(id: 5, .downloading)), [.aria2(method: "aria2.onDownloadStart", gid: gid)])
        XCTAssertEqual(notifier.event(.removed(id: 5)), [.aria2(method: "aria2.onDownloadStop", gid: gid)])
        XCTAssertEqual(notifier.event(.stateChanged(id: 5, .paused)), [], "a pause that comes after the removal")
        XCTAssertEqual(notifier.event(.stateChanged(id: 5, .cancelled)), [], "the removal's own state, late")
        // The other order: the cancelled state first, then the removal: still one stop.
        XCTAssertEqual(notifier.event(.stateChanged(id: 6, .downloading)).count, 1)
        XCTAssertEqual(notifier.event(.stateChanged(id: 6, .cancelled)), [.aria2(method: "aria2.onDownloadStop", gid: "0000000000000006")])
        XCTAssertEqual(notifier.event(.removed(id: 6)), [])
    }

    func testProgressPushesCarryEachConnectionsSegment() throws {
        var notifier = Aria2Notifier()
        let progress = DownloadProgress(bytesDone: 10, totalBytes: 100, currentSpeed: 5.5, activeConnections: 1,
                                        connections: [ConnectionProgress(id: 1, start: 0, next: 10, end: 50, speed: 5)])
        guard case .progress(let fields)? = notifier.event(.progress(id: 2, progress)).first else { return XCTFail() }
        XCTAssertEqual(fields["gid"], "0000000000000002")
        XCTAssertEqual(fields["completedLength"], "10")
        XCTAssertEqual(fields["segments"], [["id": 1, "start": "0", "next": "10", "end": "50", "downloadSpeed": "5"]])
    }

    /// Issue 60: a running download on one connection has no segments of its own; its push shows one over the
    /// whole file (before: none, and the page's detail said "no connection is open").
    func testADownloadOnOneConnectionShowsOneSegmentOverTheFile() throws {
        var notifier = Aria2Notifier()
        let one = DownloadProgress(bytesDone: 30, totalBytes: 100, currentSpeed: 7, activeConnections: 1)
        guard case .progress(let fields)? = notifier.event(.progress(id: 3, one)).first else { return XCTFail() }
        XCTAssertEqual(fields["connections"], "1")
        XCTAssertEqual(fields["segments"], [["id": 1, "start": "0", "next": "30", "end": "100", "downloadSpeed": "7"]])
        let unknownSize = DownloadProgress(bytesDone: 30, totalBytes: nil, activeConnections: 1)
        XCTAssertEqual(Aria2Notifier.segments(of: unknownSize).map(\.end), [30])
        let idle = DownloadProgress(bytesDone: 30, totalBytes: 100, activeConnections: 0)
        XCTAssertEqual(Aria2Notifier.segments(of: idle), [], "no connection open: no segment")
    }
}

private extension String {
    var wrappedInBrackets: String { "[" + self + "]" }
}

final class JSONWritingTests: XCTestCase {
    func testWrittenJSONIsCompactSortedEscapedAndReadsBackTheSame() {
        let value: JSONValue = [
            "b": [1, -2, true, false, .null, .double(1.5)],
            "a": .string("quote \" backslash \\ newline \n tab \t bell \u{7} é 😀 /"),
        ]
        let text = String(decoding: value.data, as: UTF8.self)
        XCTAssertEqual(text, #"{"a":"quote \" backslash \\ newline \n tab \t bell \u0007 é 😀 /","b":[1,-2,true,false,null,1.5]}"#)
        XCTAssertEqual(JSONValue.parse(value.data), value)
    }
}
