import ArgumentParser
import Foundation
import HaulTestSupport
import XCTest

@testable import haul

/// `haul --state-dir DIR pause 1`: the state directory given before a queue subcommand, as `git -C DIR status`.
final class LeadingStateDirectoryTests: XCTestCase {
    private func moved(_ arguments: [String]) -> [String] {
        LeadingStateDirectory.moved(arguments) { LeadingStateDirectory.subcommandsTakingIt.contains($0) }
    }

    func testALeadingStateDirectoryMovesAfterTheSubcommand() {
        XCTAssertEqual(moved(["--state-dir", "/s", "pause", "1"]), ["pause", "--state-dir", "/s", "1"])
        XCTAssertEqual(moved(["--state-dir=/s", "list", "--json"]), ["list", "--state-dir=/s", "--json"])
        XCTAssertEqual(moved(["--state-dir", "/s", "clean"]), ["clean", "--state-dir", "/s"])
    }

    func testEveryOtherLineIsLeftAsItCame() {
        let lines: [[String]] = [
            ["--state-dir", "/s", "http://h/f"],  // a download's own option
            ["--state-dir", "/s", "-q", "pause", "1"],  // not right before the subcommand: ArgumentParser's error
            ["--state-dir", "/s", "unzip", "a.zip"],  // a subcommand without the option
            ["--state-dir", "/s"],
            ["--state-dir"],
            ["pause", "--state-dir", "/s", "1"],
            [],
        ]
        for line in lines { XCTAssertEqual(moved(line), line) }
    }

    /// The list of subcommands is the set whose help offers `--state-dir`: a subcommand that gains or loses the option
    /// fails here until the list says so.
    func testTheListIsTheSubcommandsWhoseOptionsIncludeIt() {
        let offering = HaulCommand.configuration.subcommands.filter { $0.helpMessage().contains("--state-dir") }
        XCTAssertEqual(Set(offering.map { $0._commandName }), LeadingStateDirectory.subcommandsTakingIt)
    }

    func testTheQueueCommandsTakeTheStateDirectoryFirst() async throws {
        try await withTestServer { server in
            try await withTemporaryDirectory { dir in
                server.serve("/a.bin", FileResource(content: deterministicBytes(count: 4096, seed: 7)))
                let state = dir.file("s").path
                let fetched = try HaulProcess.run([server.url("/a.bin"), "-q", "--state-dir", state], in: dir.url)
                XCTAssertEqual(fetched.status, 0, fetched.stderr)
                let listed = try HaulProcess.run(["--state-dir", state, "list", "--json"], in: dir.url)
                XCTAssertEqual(listed.status, 0, listed.stderr)
                let rows = try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]]
                XCTAssertEqual(rows?.first?["state"] as? String, "completed")
                let cleaned = try HaulProcess.run(["--state-dir=\(state)", "clean"], in: dir.url)
                XCTAssertEqual(cleaned.status, 0, cleaned.stderr)
                XCTAssertEqual(cleaned.stdout, "removed 1 completed download\n")
                XCTAssertEqual(try QueueScene.list(state, in: dir.url).count, 0)
            }
        }
    }
}
