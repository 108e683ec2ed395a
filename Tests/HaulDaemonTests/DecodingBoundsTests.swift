import Foundation
@testable import HaulDaemon
import XCTest

/// Issue 33, point 2: nesting and batch size are bounded before anything is decoded.
final class DecodingBoundsTests: XCTestCase {
    private func nested(_ depth: Int, _ inner: String = "1") -> String {
        String(repeating: "[", count: depth) + inner + String(repeating: "]", count: depth)
    }

    func testADeeplyNestedBodyIsAnsweredWithAParseError() async throws {
        let fixture = try await DaemonFixture.start()
        // The issue's body: 30 values, each nested 500 deep (35 s of CPU before).
        let body = "[" + Array(repeating: nested(500), count: 30).joined(separator: ",") + "]"
        let answer = try fixture.request(body: Data(body.utf8))
        XCTAssertEqual(answer.json?["error"]?["code"], -32700, String(decoding: answer.body, as: UTF8.self))
        XCTAssertEqual(answer.json?["error"]?["message"], "Parse error: nested deeper than 64 levels")
        // A deep value inside a call's parameters is refused the same way, and the daemon still answers.
        let call = #"{"jsonrpc":"2.0","id":1,"method":"system.listMethods","params":"# + nested(100) + "}"
        XCTAssertEqual(try fixture.request(body: Data(call.utf8)).json?["error"]?["code"], -32700)
        XCTAssertEqual(try fixture.call("aria2.tellActive"), [])
        await fixture.stop()
    }

    func testNestingUpToTheBoundIsRead() {
        // The call at depth 1, its params and 62 levels inside them: 64 in all.
        let call = #"{"jsonrpc":"2.0","id":1,"method":"system.listMethods","params":"# + nested(63) + "}"
        guard case .single(.success(let parsed)) = JSONRPCEnvelope.parse(Data(call.utf8), maxBatch: 10) else {
            return XCTFail("64 levels are read")
        }
        XCTAssertEqual(parsed.method, "system.listMethods")
        let deeper = #"{"jsonrpc":"2.0","id":1,"method":"system.listMethods","params":"# + nested(64) + "}"
        XCTAssertEqual(JSONRPCEnvelope.parse(Data(deeper.utf8), maxBatch: 10), .invalid(.tooDeep))
        XCTAssertNil(JSONValue.parse(Data(nested(65).utf8)))
    }

    func testTheScanCountsOnlyStructureOutsideStrings() {
        XCTAssertEqual(JSONNesting.scan(Data(nested(64).utf8)), .acceptable)
        XCTAssertEqual(JSONNesting.scan(Data(nested(65).utf8)), .tooDeep)
        XCTAssertEqual(JSONNesting.scan(Data(("[\"" + String(repeating: "[{", count: 100) + "\\\"\"]").utf8)), .acceptable,
                       "brackets and escaped quotes inside a string are text")
        XCTAssertEqual(JSONNesting.scan(Data("[1,2,3]".utf8), maxElements: 3), .acceptable)
        XCTAssertEqual(JSONNesting.scan(Data("[1,2,3,4]".utf8), maxElements: 3), .tooManyElements)
        XCTAssertEqual(JSONNesting.scan(Data("[[1,2,3,4],{\"a\":1,\"b\":2,\"c\":3,\"d\":4}]".utf8), maxElements: 3), .acceptable,
                       "only the top-level array's elements are counted")
        XCTAssertEqual(JSONNesting.scan(Data("{\"a\":1,\"b\":2,\"c\":3,\"d\":4}".utf8), maxElements: 3), .acceptable)
    }

    func testABatchOverTheLimitIsRefusedBeforeItsMembersAreDecoded() {
        // 11 members and then text that is not JSON: refused for its size, before the decoder sees the rest.
        let members = Array(repeating: #"{"id":1,"method":"system.listMethods"}"#, count: 11).joined(separator: ",")
        let body = "[" + members + "," + nested(500, "\u{1}") 
        XCTAssertEqual(JSONRPCEnvelope.parse(Data(body.utf8), maxBatch: 10), .invalid(.invalidRequest("a batch holds at most 10 calls")))
    }
}
