import Foundation
import HaulCore
import HaulDaemon
import HaulKit
import HaulTestSupport
import XCTest

@testable import haul

/// One rule for the cap on connections across all running downloads (`QueueLimits(maxConcurrent:connectionsEach:)`):
/// a cap nobody chose is what the running downloads could open anyway, in the library, `haul resume`, `haul URL...`
/// and the daemon alike. It was a fixed 64 in the library (so five automatic downloads were held back sooner than on
/// the command line), `-j` x 32 in `haul resume` and the daemon, and after a `max-concurrent-downloads` change the
/// daemon's global `split` times the new count.
final class ConnectionCapFrontEndTests: XCTestCase {
    func testTheRule() {
        XCTAssertEqual(QueueLimits(maxConcurrent: 5, connectionsEach: 32), QueueLimits(maxConcurrent: 5, maxTotalConnections: 160))
        XCTAssertEqual(QueueLimits(maxConcurrent: 0, connectionsEach: 32).maxTotalConnections, 0, "a held queue")
        XCTAssertEqual(QueueLimits(maxConcurrent: Int.max, connectionsEach: 32).maxTotalConnections, Int.max, "no overflow trap")
        XCTAssertEqual(QueueLimits(maxConcurrent: -1, connectionsEach: 32).maxConcurrent, -1, "refused where given, not here")
        XCTAssertEqual(QueueLimits.standard, QueueLimits(maxConcurrent: 5, connectionsEach: ConnectionCount.range.upperBound))
    }

    /// Nobody chose limits: the same from the library, `haul resume` and the daemon; `haul URL...`, whose
    /// downloads all have one count, gets the same rule with that count's most.
    func testTheSameCapFromEveryFrontEnd() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        var settings = HaulConfiguration()
        settings.stateDirectory = directory.file("state")
        let client = try HaulClient(configuration: settings)
        let library = try DownloadManager(client: client)
        let libraryLimits = await library.limits
        XCTAssertEqual(libraryLimits, .standard)
        XCTAssertEqual(try ResumeCommand.parse([]).queueLimits, libraryLimits)
        XCTAssertEqual(DaemonConfiguration(stateDirectory: "/s", downloadDirectory: "/d").queueLimits, libraryLimits)
        XCTAssertEqual(QueueOptions.defaults.maxConcurrent, libraryLimits.maxConcurrent)
        let get = try DownloadCommand.parse(["-x", "3", "http://h/f"]).options
        XCTAssertEqual(
            get.queueOptions.limits(connectionsPerDownload: 3), QueueLimits(maxConcurrent: libraryLimits.maxConcurrent, connectionsEach: 3))

        // Chosen: the same number everywhere.
        XCTAssertEqual(try ResumeCommand.parse(["-j", "2", "--max-connections", "7"]).queueLimits, QueueLimits(maxConcurrent: 2, maxTotalConnections: 7))
        var chosen = DaemonConfiguration(stateDirectory: "/s", downloadDirectory: "/d")
        (chosen.maxConcurrent, chosen.maxConnections) = (2, 7)
        XCTAssertEqual(chosen.queueLimits, QueueLimits(maxConcurrent: 2, maxTotalConnections: 7))
        try await client.shutdown()
    }

    /// `max-concurrent-downloads` raised over RPC: the cap follows the rule for the new count, as if the daemon had
    /// started with it (it was the global `split` times the new count, below what the start gave).
    func testARaisedDownloadCountOverRPCGetsTheRulesCap() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        var settings = HaulConfiguration()
        settings.stateDirectory = directory.file("state")
        let client = try HaulClient(configuration: settings)
        let configuration = DaemonConfiguration(stateDirectory: directory.file("state").path, downloadDirectory: directory.url.path)
        let manager = try DownloadManager(client: client, limits: configuration.queueLimits)
        let service = Aria2Service(
            manager: manager,
            globals: Aria2GlobalOptions(maxConcurrent: 5, maxOverallLimit: 0, maxDownloadLimit: 0, connections: 4, directory: directory.url.path),
            directories: DirectoryPolicy(allowed: [directory.url.path]), log: { _ in }
        )
        try await service.changeGlobalOptions { globals throws(Aria2OptionError) in try globals.changed(by: ["max-concurrent-downloads": "10"]) }
        let raised = await manager.limits
        XCTAssertEqual(raised, QueueLimits(maxConcurrent: 10, connectionsEach: ConnectionCount.range.upperBound))
        var startedWithTen = configuration
        startedWithTen.maxConcurrent = 10
        XCTAssertEqual(startedWithTen.queueLimits, raised, "as if it had started with 10")
        try await client.shutdown()
    }
}
