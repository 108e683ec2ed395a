import Foundation
@testable import HaulDaemon
import HaulTestSupport
import XCTest

/// `haul mcp`'s pieces that need no agent: the bearer read from a request, and the relay's answer when the daemon it
/// drives is gone.
final class MCPStdioRelayTests: XCTestCase {
    func testTheBearerIsReadFromTheAuthorizationHeader() {
        XCTAssertEqual(MCPEndpoint.bearer("Bearer abc"), "abc")
        XCTAssertEqual(MCPEndpoint.bearer("bearer  abc "), "abc")
        XCTAssertNil(MCPEndpoint.bearer("Basic YTpi"))
        XCTAssertNil(MCPEndpoint.bearer("Bearer"))
        XCTAssertNil(MCPEndpoint.bearer(nil))
    }

    func testTheRelayedRequestCarriesTheSecretAsBearer() {
        let request = MCPStdioRelay.request(Data("{}".utf8), host: "127.0.0.1:6800", secret: "s3")
        XCTAssertEqual(request.uri, "/mcp")
        XCTAssertEqual(request.header("authorization"), "Bearer s3")
        XCTAssertEqual(request.header("host"), "127.0.0.1:6800")
        XCTAssertTrue(request.header("accept")?.contains("application/json") == true)
    }

    /// A daemon that stopped between `haul mcp`'s start and a message: the agent gets a JSON-RPC error for that
    /// message's id, which it can report, not a silence.
    func testADaemonThatIsGoneIsAnErrorForTheMessagesID() async throws {
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, length) } }
        _ = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) } }
        let port = Int(UInt16(bigEndian: address.sin_port))
        close(listener)  // bound, never listened: nothing answers on this port

        let answer = MCPStdioRelay.overHTTP(address: "127.0.0.1", port: port)
        let body = Data(#"{"jsonrpc":"2.0","id":"call-7","method":"tools/list"}"#.utf8)
        let response = await answer(MCPStdioRelay.request(body, host: "127.0.0.1:\(port)", secret: "s"))
        XCTAssertEqual(response.status, 502)
        let json = try XCTUnwrap(JSONValue.parse(response.body), String(decoding: response.body, as: UTF8.self))
        XCTAssertEqual(json["id"], "call-7")
        XCTAssertEqual(json["error"]?["code"], -32603)
        XCTAssertTrue(json["error"]?["message"]?.stringValue?.hasPrefix("the daemon at http://127.0.0.1:\(port)/mcp did not answer") == true, "\(json)")
    }

    /// A daemon runs on the state directory but its secret cannot be read: `haul mcp` exits 2 with a sentence, and
    /// writes nothing on standard output (the agent's protocol channel).
    func testHaulMCPBesideADaemonWhoseSecretItCannotReadIsAUsageError() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let state = directory.file("state").path
        try FileManager.default.createDirectory(atPath: state, withIntermediateDirectories: true)
        let info = DaemonAnnouncement.Info(
            pid: getpid(), port: 1, directory: directory.url.path, allowed: [directory.url.path], address: "127.0.0.1",
            secretPath: directory.file("missing-secret").path
        )
        let announcement = try XCTUnwrap(DaemonAnnouncement.announce(info, stateDirectory: state))
        let process = try DaemonProcess(["mcp", "--state-dir", state])
        defer { process.kill() }
        XCTAssertEqual(process.waitForExit(30), 2, process.output)
        XCTAssertTrue(process.output.contains("haul mcp cannot read it"), process.output)
        XCTAssertFalse(process.output.contains("jsonrpc"), process.output)
        withExtendedLifetime(announcement) {}
    }
}
