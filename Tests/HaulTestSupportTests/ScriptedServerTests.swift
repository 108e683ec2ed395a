import HaulTestSupport
import XCTest

/// The in-memory server the engine tests run on must answer as the socket one does: the same head (framing, `Date`,
/// ranges) and the same endings, or the tests moved to it would prove nothing about the real engine.
final class ScriptedServerTests: XCTestCase {
    private let content = Array(0..<200).map { UInt8($0) }

    func testARangeIsAnsweredAsTheSocketServerWould() {
        let server = ScriptedServer()
        server.serve("/f", FileResource(content: content))
        let exchange = server.exchange(uri: "/f", headers: [("Range", "bytes=50-"), ("If-Range", "\"v1\"")])
        XCTAssertEqual(exchange.status, 206)
        XCTAssertEqual(exchange.header("Content-Range"), "bytes 50-199/200")
        XCTAssertEqual(exchange.header("Content-Length"), "150")
        XCTAssertNotNil(exchange.header("Date"), "the engine judges Last-Modified against Date")
        XCTAssertEqual(Array(exchange.body), Array(content[50...]))
        XCTAssertEqual(exchange.ending, .complete)
        XCTAssertEqual(server.requests(for: "/f").first?.header("Range"), "bytes=50-")
    }

    func testScriptedFaultsEndTheBodyAsScripted() {
        let server = ScriptedServer()
        let file = FileResource(content: content)
        server.route("/f") { request in
            var response = file.response(for: request)
            if request.index == 0 { response.closeAfterBodyBytes = 30 }
            if request.index == 1 { response.stallAfterBodyBytes = 40 }
            return response
        }
        let closed = server.exchange(uri: "/f", headers: [])
        XCTAssertEqual(closed.ending, .closed)
        XCTAssertEqual(closed.body.count, 30)
        XCTAssertEqual(closed.header("Content-Length"), "200", "the head still promises the whole body")
        let stalled = server.exchange(uri: "/f", headers: [])
        XCTAssertEqual(stalled.ending, .stalled)
        XCTAssertEqual(stalled.body.count, 40)
        XCTAssertEqual(server.requests(for: "/f").map(\.index), [0, 1])
    }

    func testAnUnknownPathIsA404() {
        let exchange = ScriptedServer().exchange(uri: "/nothing", headers: [])
        XCTAssertEqual(exchange.status, 404)
        XCTAssertEqual(exchange.ending, .complete)
    }
}
