import Foundation
import HaulCore
@testable import HaulDaemon
import HaulTestSupport
import MCP
import XCTest

@testable import HaulKit

/// Issue 54's "What must hold", the points no other test held alone: the host budgets tool with what hosts taught,
/// a long queue listed one page at a time, and a taken name refused with a sentence.
final class AgentToolsCoverageTests: XCTestCase {
    private func text(_ result: CallTool.Result) -> String {
        guard case .text(let text, _, _)? = result.content.first else { return "" }
        return text
    }

    func testHostBudgetsListWhatHostsTaught() async throws {
        let fixture = try await DaemonFixture.start()
        let tools = fixture.daemon.router.mcp.tools
        let empty = await tools.call("host_budgets", [:])
        XCTAssertEqual(empty.structuredContent, ["hosts": []])
        XCTAssertEqual(text(empty), "no host budget learned: every host gets the connections asked for")

        let store = try DownloadStore(directory: fixture.configuration.stateDirectory)
        try store.saveHostBudget(LearnedHostBudget(host: "mirror.example.org:443", limit: 4, learnedAt: Date().timeIntervalSince1970, reason: "429 to connection 5"))
        let learned = await tools.call("host_budgets", [:])
        XCTAssertEqual(learned.isError, false)
        let host = try XCTUnwrap(learned.structuredContent?.objectValue?["hosts"]?.arrayValue?.first?.objectValue)
        XCTAssertEqual(host["host"], "mirror.example.org:443")
        XCTAssertEqual(host["learned"], 4)
        XCTAssertEqual(host["connections"], 4, "learned just now: not eased yet")
        XCTAssertEqual(host["reason"], "429 to connection 5")
        XCTAssertEqual(text(learned), "mirror.example.org:443: 4 connection(s) (429 to connection 5)")
        await fixture.stop()
    }

    /// A queue longer than a page is read a page at a time, with the list's total (the RPC's `tellWaiting` window).
    func testALongQueueIsListedOnePageAtATime() async throws {
        let fixture = try await DaemonFixture.start()
        let tools = fixture.daemon.router.mcp.tools
        let base = fixture.server.url("/file")
        for batch in 0..<2 {
            let urls: [Value] = (0..<(batch == 0 ? 1000 : 200)).map { .string("\(base)-\(batch)-\($0)") }
            let added = await tools.call("add_downloads", ["urls": .array(urls), "paused": true])
            XCTAssertEqual(added.isError, false, text(added))
        }
        let page = await tools.call("list_downloads", ["state": "waiting", "offset": 1000, "limit": 100])
        let listed = try XCTUnwrap(page.structuredContent?.objectValue)
        XCTAssertEqual(listed["total"], 1200)
        XCTAssertEqual(listed["offset"], 1000)
        let downloads = try XCTUnwrap(listed["downloads"]?.arrayValue)
        XCTAssertEqual(downloads.count, 100)
        XCTAssertEqual(downloads.first?.objectValue?["url"], .string("\(base)-1-0"), "queue order: the 1001st added")
        XCTAssertTrue(text(page).hasPrefix("waiting: 100 of 1200 from position 1000"), text(page))
        let tooLong = await tools.call("list_downloads", ["state": "waiting", "limit": 1001])
        XCTAssertEqual(tooLong.isError, true)
        XCTAssertEqual(text(tooLong), "argument 'limit' must be an integer from 1 to 1000")
        await fixture.stop()
    }

    /// A name the agent gave that a file holds is refused with one sentence that names it, and nothing is added.
    func testATakenNameIsRefusedWithOneSentence() async throws {
        let fixture = try await DaemonFixture.start()
        let tools = fixture.daemon.router.mcp.tools
        let url = fixture.serve("/paper.pdf", Array(repeating: 3, count: 1000))
        try Data("mine".utf8).write(to: URL(fileURLWithPath: fixture.downloads + "/paper.pdf"))
        let taken = await tools.call("add_downloads", ["urls": [.string(url)], "name": "paper.pdf"])
        XCTAssertEqual(taken.isError, true)
        XCTAssertTrue(text(taken).contains("paper.pdf"), text(taken))
        XCTAssertFalse(text(taken).contains("\n"), "one sentence")
        XCTAssertEqual(try fixture.call("aria2.tellWaiting", [0, 10]), [], "nothing was added")
        XCTAssertEqual(try String(contentsOfFile: fixture.downloads + "/paper.pdf", encoding: .utf8), "mine", "the file is untouched")
        await fixture.stop()
    }
}
