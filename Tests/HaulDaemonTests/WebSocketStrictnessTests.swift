import Foundation
@testable import HaulDaemon
import NIOCore
import NIOWebSocket
import XCTest

/// Issue 33, point 7: what RFC 6455 says a server must fail the connection for, it fails (close 1002, or 1007 for
/// text that is not UTF-8).
final class WebSocketStrictnessTests: XCTestCase {
    private let call = Array(#"{"jsonrpc":"2.0","id":1,"method":"system.listMethods"}"#.utf8)

    private func closeCode(after send: (RawClient) -> Void, port: Int) throws -> UInt16? {
        let client = try RawClient(port: port)
        XCTAssertEqual(client.upgrade(port: port), 101)
        send(client)
        return client.closeCode()
    }

    func testFramesThatBreakTheProtocolFailTheConnection() async throws {
        let fixture = try await DaemonFixture.start(.socket)
        let port = fixture.port
        let call = self.call
        let cases: [(String, UInt16, (RawClient) -> Void)] = [
            ("unmasked", 1002, { $0.sendFrame(opcode: 1, call, masked: false) }),
            ("RSV1", 1002, { $0.sendFrame(opcode: 1, call, rsv: 4) }),
            ("RSV3", 1002, { $0.sendFrame(opcode: 1, call, rsv: 1) }),
            ("reserved data opcode 3", 1002, { $0.sendFrame(opcode: 3, call) }),
            ("reserved control opcode 0xB", 1002, { $0.sendFrame(opcode: 0xB, []) }),
            ("close code 999", 1002, { $0.sendFrame(opcode: 8, [0x03, 0xE7]) }),
            ("close code 1005", 1002, { $0.sendFrame(opcode: 8, [0x03, 0xED]) }),
            ("close code 5000", 1002, { $0.sendFrame(opcode: 8, [0x13, 0x88]) }),
            ("one-byte close", 1002, { $0.sendFrame(opcode: 8, [0x03]) }),
            ("close reason not UTF-8", 1007, { $0.sendFrame(opcode: 8, [0x03, 0xE8, 0xFF]) }),
            ("text not UTF-8", 1007, { $0.sendFrame(opcode: 1, [0x22, 0xC3, 0x28, 0x22]) }),
            ("a continuation first", 1002, { $0.sendFrame(opcode: 0, call) }),
        ]
        for (name, expected, send) in cases {
            XCTAssertEqual(try closeCode(after: send, port: port), expected, name)
        }
        XCTAssertGreaterThanOrEqual(fixture.daemon.server!.load.counts.webSocketProtocolErrors, cases.count)
        // What is allowed still works: a normal close is echoed, 4000 (an application's) too, and calls answer.
        XCTAssertEqual(try closeCode(after: { $0.sendFrame(opcode: 8, [0x03, 0xE8] + Array("bye".utf8)) }, port: port), 1000)
        XCTAssertEqual(try closeCode(after: { $0.sendFrame(opcode: 8, [0x0F, 0xA0]) }, port: port), 4000)
        let client = try RawClient(port: port)
        XCTAssertEqual(client.upgrade(port: port), 101)
        client.sendFrame(opcode: 9, Array("ping".utf8))
        client.sendFrame(opcode: 1, Array(call.prefix(10)), fin: false)
        client.sendFrame(opcode: 0, Array(call.dropFirst(10)))
        XCTAssertEqual(client.readFrame()?.opcode, 0xA, "pong")
        XCTAssertNotNil(client.readJSON { $0["id"] == 1 }?["result"], "a fragmented message is joined and answered")
        await fixture.stop()
    }

    func testTheRulesAsAPureCheck() {
        let masked = WebSocketMaskingKey([1, 2, 3, 4])!
        func frame(_ opcode: WebSocketOpcode, _ bytes: [UInt8] = [], rsv1: Bool = false, mask: WebSocketMaskingKey? = masked) -> WebSocketFrame {
            var data = ByteBuffer(bytes: bytes)
            if let mask { data.webSocketMask(mask) }
            return WebSocketFrame(fin: true, rsv1: rsv1, opcode: opcode, maskKey: mask, data: data)
        }
        XCTAssertNil(WebSocketRules.violation(frame(.text, Array("{}".utf8))))
        XCTAssertEqual(WebSocketRules.violation(frame(.text, mask: nil)), .protocolError)
        XCTAssertEqual(WebSocketRules.violation(frame(.text, rsv1: true)), .protocolError)
        XCTAssertEqual(WebSocketRules.violation(frame(WebSocketOpcode(encodedWebSocketOpcode: 0x3)!)), .protocolError)
        XCTAssertNil(WebSocketRules.violation(frame(.connectionClose)))
        for code: UInt16 in [1000, 1001, 1003, 1007, 1011, 1014, 3000, 4999] {
            XCTAssertTrue(WebSocketRules.isValidCloseCode(code), "\(code)")
        }
        for code: UInt16 in [0, 999, 1004, 1005, 1006, 1015, 1016, 2999, 5000, 65535] {
            XCTAssertFalse(WebSocketRules.isValidCloseCode(code), "\(code)")
        }
        XCTAssertTrue(WebSocketRules.isUTF8(Array("é😀".utf8)))
        XCTAssertFalse(WebSocketRules.isUTF8([0xED, 0xA0, 0x80]), "a surrogate")
    }
}
