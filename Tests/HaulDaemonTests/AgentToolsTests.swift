import Crypto
import Foundation
@testable import HaulDaemon
import HaulKit
import HaulTestSupport
import MCP
import XCTest

/// The MCP tool layer without a socket: the catalog (`AgentToolCatalog`) and the calls (`AgentTools`) against a daemon
/// in memory, and `/mcp` through `Daemon.respond(to:)` (docs/agents.md).
final class AgentToolsTests: XCTestCase {
    func testTheCatalogHasEveryToolWithObjectSchemasAndHints() {
        let tools = AgentToolCatalog.tools
        XCTAssertEqual(tools.map(\.name), AgentToolCatalog.Name.allCases.map(\.rawValue))
        XCTAssertEqual(tools.count, 9)
        for tool in tools {
            XCTAssertEqual(tool.inputSchema.objectValue?["type"], "object", tool.name)
            XCTAssertNotNil(tool.inputSchema.objectValue?["properties"]?.objectValue, tool.name)
            XCTAssertNotNil(tool.outputSchema, tool.name)
            XCTAssertNotNil(tool.annotations.readOnlyHint, tool.name)
            XCTAssertFalse(tool.description?.isEmpty ?? true, tool.name)
        }
        let byName = Dictionary(uniqueKeysWithValues: tools.map { ($0.name, $0) })
        XCTAssertEqual(byName["remove_download"]?.annotations.destructiveHint, true)
        for name in ["list_downloads", "get_download", "wait_for_downloads", "global_stats", "host_budgets"] {
            XCTAssertEqual(byName[name]?.annotations.readOnlyHint, true, name)
        }
        for name in ["add_downloads", "pause_download", "resume_download", "remove_download"] {
            XCTAssertEqual(byName[name]?.annotations.readOnlyHint, false, name)
        }
    }

    func testRefusalsAreToolErrorsOfOneSentence() async throws {
        let fixture = try await DaemonFixture.start()
        let tools = fixture.daemon.router.mcp.tools
        let url = fixture.serve("/a", Array(repeating: 7, count: 1000))
        let cases: [(String, [String: Value], String)] = [
            ("fetch_everything", [:], "there is no tool 'fetch_everything'"),
            ("add_downloads", [:], "add_downloads needs the argument 'urls'"),
            ("add_downloads", ["urls": [.string(url)], "connections": 99], "argument 'connections' must be an integer from 1 to \(ConnectionCount.range.upperBound)"),
            ("add_downloads", ["urls": [.string(url)], "dir": "/tmp"], "add_downloads has no argument 'dir'"),
            ("add_downloads", ["urls": [.string(url)], "directory": "/etc"], "outside the allowed directories"),
            ("add_downloads", ["urls": ["file:///etc/passwd"]], "'file:///etc/passwd' is not an http or https URL"),
            ("add_downloads", ["urls": [.string(url), .string(url)], "name": "x.bin"], "'name' names one file"),
            ("get_download", ["id": "0123456789abcdef"], "is not found"),
            ("list_downloads", ["state": "finished"], "argument 'state' must be active, waiting or stopped"),
            ("wait_for_downloads", ["ids": ["1"], "timeout_seconds": 99999], "argument 'timeout_seconds' must be a number from 0 to 3600"),
        ]
        for (name, arguments, sentence) in cases {
            let result = await tools.call(name, arguments)
            XCTAssertEqual(result.isError, true, name)
            XCTAssertNil(result.structuredContent, name)
            guard case .text(let text, _, _)? = result.content.first else { return XCTFail("no text for \(name)") }
            XCTAssertTrue(text.contains(sentence), "\(name): \(text)")
            XCTAssertFalse(text.contains("\n"), "one sentence: \(text)")
        }
        await fixture.stop()
    }

    func testAddThenWaitDownloadsTheFileAndReportsIt() async throws {
        let fixture = try await DaemonFixture.start()
        let tools = fixture.daemon.router.mcp.tools
        let bytes = deterministicBytes(count: 300_000)
        let url = fixture.serve("/paper.pdf", bytes)
        let added = await tools.call("add_downloads", ["urls": [.string(url)]])
        XCTAssertEqual(added.isError, false)
        let id = try XCTUnwrap(added.structuredContent?.objectValue?["added"]?.arrayValue?.first?.objectValue?["id"]?.stringValue)
        let waited = await tools.call("wait_for_downloads", ["ids": [.string(id)], "timeout_seconds": 60])
        let report = try XCTUnwrap(waited.structuredContent?.objectValue)
        XCTAssertEqual(report["finished"], true)
        let download = try XCTUnwrap(report["downloads"]?.arrayValue?.first?.objectValue)
        XCTAssertEqual(download["state"], "complete")
        XCTAssertEqual(download["percent"], .double(100))
        let path = try XCTUnwrap(download["path"]?.stringValue)
        XCTAssertEqual(FileManager.default.contents(atPath: path), Data(bytes))
        guard case .text(let text, _, _)? = waited.content.first else { return XCTFail("no text") }
        XCTAssertTrue(text.hasPrefix("all finished: 1 complete"), text)

        // A name that a file holds is refused, not numbered, when the agent chose it.
        let taken = await tools.call("add_downloads", ["urls": [.string(url)], "name": "paper.pdf"])
        XCTAssertEqual(taken.isError, true)

        // The stopped list has it; removing with the file deletes the file.
        let listed = await tools.call("list_downloads", ["state": "stopped"])
        XCTAssertEqual(listed.structuredContent?.objectValue?["total"], 1)
        let removed = await tools.call("remove_download", ["id": .string(id), "delete_file": true])
        XCTAssertEqual(removed.structuredContent, ["id": .string(id), "file_deleted": true])
        XCTAssertFalse(FileManager.default.fileExists(atPath: path))
        await fixture.stop()
    }

    func testSeveralURLsAreReportedEachAlone() async throws {
        let fixture = try await DaemonFixture.start()
        let tools = fixture.daemon.router.mcp.tools
        let url = fixture.serve("/one", Array(repeating: 1, count: 100))
        let added = await tools.call("add_downloads", ["urls": [.string(url), "ftp://example.com/x"], "paused": true])
        XCTAssertEqual(added.isError, false)
        let entries = try XCTUnwrap(added.structuredContent?.objectValue?["added"]?.arrayValue)
        XCTAssertNotNil(entries[0].objectValue?["id"])
        XCTAssertEqual(entries[1].objectValue?["error"], "'ftp://example.com/x' is not an http or https URL")
        let waiting = await tools.call("list_downloads", ["state": "waiting"])
        XCTAssertEqual(waiting.structuredContent?.objectValue?["downloads"]?.arrayValue?.first?.objectValue?["state"], "paused")
        await fixture.stop()
    }

    /// `checksum: auto`: the checksum the site publishes beside the file verifies it; a wrong one fails the
    /// download with a sentence; none published leaves it unverified, and says so.
    func testChecksumAutoUsesWhatTheSitePublishes() async throws {
        let fixture = try await DaemonFixture.start()
        let tools = fixture.daemon.router.mcp.tools
        let good = deterministicBytes(count: 50_000, seed: 1)
        let hex = SHA256.hash(data: Data(good)).map { String(format: "%02x", $0) }.joined()
        let goodURL = fixture.serve("/good.bin", good)
        _ = fixture.serve("/good.bin.sha256", Array("\(hex)  good.bin\n".utf8))
        let badURL = fixture.serve("/bad.bin", deterministicBytes(count: 50_000, seed: 2))
        _ = fixture.serve("/bad.bin.sha256", Array("\(hex)  bad.bin\n".utf8))
        let plainURL = fixture.serve("/plain.bin", Array(repeating: 3, count: 10))
        let added = await tools.call("add_downloads", ["urls": [.string(goodURL), .string(badURL), .string(plainURL)], "checksum": "auto"])
        let entries = try XCTUnwrap(added.structuredContent?.objectValue?["added"]?.arrayValue?.compactMap(\.objectValue))
        XCTAssertEqual(entries[0]["checksum"], .string("checksum sha256 from \(goodURL).sha256"))
        XCTAssertEqual(entries[2]["checksum"], "no published checksum found: not verified")
        let ids = entries.compactMap { $0["id"] }
        XCTAssertEqual(ids.count, 3)
        let waited = await tools.call("wait_for_downloads", ["ids": .array(ids), "timeout_seconds": 60])
        let states = waited.structuredContent?.objectValue?["downloads"]?.arrayValue?.map { $0.objectValue?["state"]?.stringValue ?? "" }
        XCTAssertEqual(states, ["complete", "error", "complete"])
        let failed = try XCTUnwrap(waited.structuredContent?.objectValue?["downloads"]?.arrayValue?[1].objectValue)
        XCTAssertTrue(failed["error"]?.stringValue?.hasPrefix("sha256 mismatch") == true, "\(failed)")
        await fixture.stop()
    }

    /// `/mcp` in memory: the bearer is the secret, checked with the RPC's rule (one guess per request, then a wait).
    func testMCPOverTheRouterNeedsTheBearer() async throws {
        let fixture = try await DaemonFixture.start()
        let list = Data(#"{"jsonrpc":"2.0","id":1,"method":"tools/list"}"#.utf8)
        let accept = ["Accept": "application/json, text/event-stream"]
        let missing = try fixture.request(path: "/mcp", headers: accept, body: list)
        XCTAssertEqual(missing.status, 401)
        XCTAssertEqual(missing.headers["www-authenticate"], "Bearer")
        let started = ContinuousClock.now
        let wrong = try fixture.request(path: "/mcp", headers: accept.merging(["Authorization": "Bearer guess"]) { $1 }, body: list)
        XCTAssertEqual(wrong.status, 401)
        XCTAssertGreaterThanOrEqual(ContinuousClock.now - started, .milliseconds(250), "the answer waits")
        let right = try fixture.request(path: "/mcp", headers: accept.merging(["Authorization": "Bearer \(fixture.secret)"]) { $1 }, body: list)
        XCTAssertEqual(right.status, 200)
        XCTAssertEqual(right.json?["result"]?["tools"]?.arrayValue?.count, 9)
        await fixture.stop()
    }
}
