import Foundation
import HaulDaemon
import HaulKit
import HaulTestSupport
import XCTest

/// The daemon without a socket: an injected client, and the in-process responder answering as the socket does.
final class DaemonInMemoryTests: XCTestCase {
    func testADaemonRunsItsDownloadsWithTheClientItIsGivenAndLeavesItOpen() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let server = try await TestServer.start()
        server.serve("/given.bin", FileResource(content: deterministicBytes(count: 5000)))
        var settings = HaulConfiguration()
        settings.stateDirectory = directory.file("state")
        let client = try HaulClient(configuration: settings)
        let configuration = DaemonConfiguration(stateDirectory: directory.file("state").path, downloadDirectory: directory.file("dl").path)
        let (daemon, secret) = try await Daemon.start(configuration, client: client, transport: .inMemory)
        XCTAssertNil(daemon.server, "in memory, nothing listens")
        XCTAssertTrue(daemon.client === client)

        let add: JSONValue = ["jsonrpc": "2.0", "id": 1, "method": "aria2.addUri", "params": [.string("token:" + secret), [.string(server.url("/given.bin"))]]]
        let response = await daemon.respond(to: DaemonRequest(headers: [("Host", "127.0.0.1:6800")], body: add.data))
        XCTAssertEqual(response.status, 200)
        let gid = try XCTUnwrap(JSONValue.parse(response.body)?["result"]?.stringValue, String(decoding: response.body, as: UTF8.self))
        let id = try XCTUnwrap(GID(parsing: gid)?.id)
        await eventually { await daemon.manager.snapshot(DownloadID(id))?.state == .completed }
        await daemon.stop()
        // The client is the caller's: still open after the daemon stopped, with what the daemon stored through it.
        XCTAssertEqual(try client.storedDownloadBlocking(id: id)?.url.absoluteString, server.url("/given.bin"))
        XCTAssertEqual(try Data(contentsOf: directory.file("dl/given.bin")), Data(deterministicBytes(count: 5000)))
        try await client.shutdown()
        try await server.shutdown()
    }

    /// One set of requests, answered in memory and over a socket: the same statuses, headers and bodies.
    func testTheInMemoryResponderAnswersAsTheSocketDoes() async throws {
        let memory = try await DaemonFixture.start { $0.allowedOrigins = ["http://ariang.example"] }
        let live = try await DaemonFixture.start(.socket) { $0.allowedOrigins = ["http://ariang.example"] }
        let listMethods = Data(#"{"jsonrpc":"2.0","id":1,"method":"system.listMethods"}"#.utf8)
        let cases: [(String, (DaemonFixture) throws -> RawClient.Response)] = [
            ("foreign Host", { try $0.request(host: "rebind.evil.example", body: listMethods) }),
            ("foreign Origin", { try $0.request(headers: ["Origin": "http://evil.example"], body: listMethods) }),
            ("allowed Origin", { try $0.request(headers: ["Origin": "http://ariang.example"], body: listMethods) }),
            ("preflight", { try $0.request(method: "OPTIONS", headers: ["Origin": "http://ariang.example", "Access-Control-Request-Headers": "X-A"]) }),
            ("JSONP", { try $0.request(method: "GET", path: "/jsonrpc?jsoncallback=cb") }),
            ("no secret", { try $0.request(body: Data(#"{"jsonrpc":"2.0","id":1,"method":"aria2.tellActive"}"#.utf8)) }),
            ("page", { try $0.request(method: "GET", path: "/") }),
            ("missing", { try $0.request(method: "GET", path: "/nothing") }),
        ]
        let compared = ["content-type", "access-control-allow-origin", "access-control-allow-headers", "vary", "allow", "content-security-policy"]
        for (name, send) in cases {
            let (a, b) = (try send(memory), try send(live))
            XCTAssertEqual(a.status, b.status, name)
            XCTAssertEqual(a.body, b.body, name)
            for header in compared { XCTAssertEqual(a.headers[header], b.headers[header], "\(name): \(header)") }
        }
        await memory.stop()
        await live.stop()
    }

    /// The service speaks Swift: a typed command in, a GID or a download out, a `CommandRefusal` when refused.
    func testTheServiceTakesTypedCommandsAndAnswersSwiftValues() async throws {
        let fixture = try await DaemonFixture.start()
        let service = fixture.daemon.service
        let url = try XCTUnwrap(URL(string: fixture.serve("/typed.bin", deterministicBytes(count: 2000))))
        var options = Aria2AddOptions()
        options.out = "named.bin"
        options.paused = true
        let gid = try await service.add(AddURIs(uris: [url], options: options))
        let download = try await service.download(gid.description)
        XCTAssertEqual(download.status, .paused)
        XCTAssertEqual(download.path, fixture.downloads + "/named.bin")
        let unpaused = try await service.unpause(String(gid.description.prefix(12)))
        XCTAssertEqual(unpaused, gid, "a unique prefix names it")
        do {
            _ = try await service.pause("00000000000000ff")
            XCTFail("an unknown GID is refused")
        } catch {
            XCTAssertEqual(error, CommandRefusal("GID 00000000000000ff is not found"))
        }
        await fixture.stop()
    }

    /// Parameters are read whole before the service is asked: a bad `position` adds nothing (aria2's answer, an
    /// error, is the same; before the layers were split, the download was added and then the error answered).
    func testAMalformedCallChangesNothing() async throws {
        let fixture = try await DaemonFixture.start()
        let url = fixture.serve("/never.bin", deterministicBytes(count: 100))
        XCTAssertEqual(try fixture.error("aria2.addUri", [[.string(url)], [:], -1]), "aria2.addUri: position must be an integer from 0")
        XCTAssertEqual(try fixture.error("aria2.addUri", [[.string(url)], "pause", 0]), "aria2.addUri: options must be a struct")
        XCTAssertEqual(try fixture.error("aria2.changeOption", ["0000000000000001", ["out": "x"]]),
                       "GID 0000000000000001 is not found")
        let added = try fixture.call("aria2.addUri", [[.string(url)], ["pause": "true", "out": "kept.bin"]])
        XCTAssertEqual(try fixture.error("aria2.changeOption", [added, ["out": "x"]]),
                       "We encountered a problem while processing the option '--out'. it cannot be changed once a download exists in Haul (remove it and add it again)")
        XCTAssertEqual(try fixture.call("aria2.getOption", [added])["out"], "kept.bin")
        XCTAssertEqual(try fixture.call("aria2.remove", [added]), added)
        XCTAssertEqual(try fixture.call("aria2.removeDownloadResult", [added]), "OK")
        XCTAssertEqual(try fixture.call("aria2.tellWaiting", [0, 10]), [])
        XCTAssertEqual(try fixture.call("aria2.tellActive"), [])
        XCTAssertEqual(try fixture.call("aria2.tellStopped", [0, 10]), [])
        await fixture.stop()
    }
}
