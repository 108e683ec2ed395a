import Foundation
import HaulCore
import HaulDaemon
import HaulKit
import HaulTestSupport
import XCTest

/// The daemon asks the queue's rule (`DownloadCommandRule`) which aria2 command a download's state allows: for
/// every status a download can show, each command is refused exactly where the rule does not allow it, with aria2's
/// wording ("GID … is <status>…").
final class DaemonCommandRuleTests: XCTestCase {
    /// An aria2 command on one download, and the rule's command it asks about (`changeUri` pauses a queued or running
    /// download first, so it is allowed where `pause` or `changeSource` is).
    private struct Command: Sendable {
        let name: String
        let allowed: @Sendable (DownloadState) -> Bool
        let run: @Sendable (Aria2Service, String, String) async throws(CommandRefusal) -> Void
    }

    private static func rule(_ command: DownloadCommand) -> @Sendable (DownloadState) -> Bool {
        { DownloadCommandRule.verdict(command, in: $0) == .allowed }
    }

    private static let commands: [Command] = [
        Command(name: "pause", allowed: rule(.pause)) { service, gid, _ throws(CommandRefusal) in _ = try await service.pause(gid) },
        Command(name: "unpause", allowed: rule(.resume)) { service, gid, _ throws(CommandRefusal) in _ = try await service.unpause(gid) },
        Command(name: "remove", allowed: rule(.cancelInLine)) { service, gid, _ throws(CommandRefusal) in _ = try await service.remove(gid) },
        Command(name: "removeDownloadResult", allowed: rule(.forgetResult)) { service, gid, _ throws(CommandRefusal) in
            try await service.removeDownloadResult(gid)
        },
        Command(name: "removeDownloadAndFile", allowed: rule(.forgetWithFile)) { service, gid, _ throws(CommandRefusal) in
            try await service.removeDownloadAndFile(gid)
        },
        Command(name: "changeUri", allowed: { rule(.pause)($0) || rule(.changeSource)($0) }) { service, gid, url throws(CommandRefusal) in
            _ = try await service.changeURIs(ChangeURIs(gid: gid, fileIndex: 1, delete: [], add: [url]))
        },
    ]

    func testTheDaemonRefusesACommandExactlyWhereTheQueuesRuleDoes() async throws {
        let fixture = try await DaemonFixture.start()
        let service = fixture.daemon.service
        let manager = fixture.daemon.manager
        let throttle = Switch(on: true)
        let slow = try XCTUnwrap(URL(string: fixture.serve("/slow.bin", deterministicBytes(count: 400_000), bytesPerSecond: 20_000, while: throttle)))
        let small = try XCTUnwrap(URL(string: fixture.serve("/small.bin", deterministicBytes(count: 3_000))))
        let missing = try XCTUnwrap(URL(string: fixture.server.url("/missing.bin")))
        let other = fixture.server.url("/small.bin")
        let open = QueueLimits(maxConcurrent: 16, maxTotalConnections: 64)
        let held = QueueLimits(maxConcurrent: 0, maxTotalConnections: 0)

        /// A new download in `status`.
        func download(in status: Aria2Status, _ index: Int) async throws -> GID {
            var options = Aria2AddOptions()
            options.out = "\(status.rawValue)-\(index).bin"
            options.paused = status == .paused || status == .removed
            try await manager.setLimits(status == .waiting ? held : open)
            let url = [.complete: small, .error: missing][status] ?? slow
            let gid = try await service.add(AddURIs(uris: [url], options: options))
            if status == .removed { _ = try await service.remove(gid.description) }
            let reached = await eventually(within: .seconds(30)) { (try? await service.download(gid.description).status) == status }
            XCTAssertTrue(reached, "\(gid) never became \(status)")
            return gid
        }

        var index = 0
        for status in Aria2Status.allCases {
            for command in Self.commands {
                index += 1
                let gid = try await download(in: status, index)
                let expected = command.allowed(status.state)
                do {
                    try await command.run(service, gid.description, other)
                    XCTAssertTrue(expected, "\(command.name) of a \(status) download is allowed, but the rule refuses it")
                } catch {
                    XCTAssertFalse(expected, "\(command.name) of a \(status) download is refused, but the rule allows it: \(error)")
                    XCTAssertTrue(error.message.hasPrefix("GID \(gid) is \(status.rawValue)"), "\(command.name): \(error.message)")
                }
                try? await manager.remove(DownloadID(gid.id))  // out of the way of the next one
            }
        }
        throttle.isOn = false
        await fixture.stop()
    }

    /// aria2's `unpauseAll` puts the paused downloads back in line and leaves the failed ones failed: the daemon asks
    /// the queue (`DownloadManager.resumePaused`), whose rule says so (`resumePaused`), where `unpause` of one failed
    /// download resumes it.
    func testUnpauseAllResumesThePausedDownloadsAndLeavesTheFailedOnes() async throws {
        let fixture = try await DaemonFixture.start()
        let service = fixture.daemon.service
        let throttle = Switch(on: true)
        let slow = try XCTUnwrap(URL(string: fixture.serve("/slow.bin", deterministicBytes(count: 400_000), bytesPerSecond: 20_000, while: throttle)))
        let missing = try XCTUnwrap(URL(string: fixture.server.url("/missing.bin")))
        var options = Aria2AddOptions()
        options.out = "paused.bin"
        options.paused = true
        let paused = try await service.add(AddURIs(uris: [slow], options: options))
        options.out = "failed.bin"
        options.paused = false
        let failed = try await service.add(AddURIs(uris: [missing], options: options))
        let reached = await eventually(within: .seconds(30)) { (try? await service.download(failed.description).status) == .error }
        XCTAssertTrue(reached, "\(failed) never failed")

        await service.unpauseAll()  // its resumes have been made when it returns
        let resumed = try await service.download(paused.description).status
        XCTAssertTrue(resumed == .waiting || resumed == .active, "unpauseAll left a paused download \(resumed)")
        let stayed = try await service.download(failed.description).status
        XCTAssertEqual(stayed, .error, "unpauseAll resumed a failed download")
        throttle.isOn = false
        await fixture.stop()
    }
}

extension Aria2Status {
    /// The lifecycle state a download showing this status is in.
    fileprivate var state: DownloadState {
        DownloadState.allCases.first { Aria2Status($0) == self }!
    }
}
