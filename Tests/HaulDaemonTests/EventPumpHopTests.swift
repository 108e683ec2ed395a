import Foundation
import HaulCore
import HaulTestSupport
import XCTest

@testable import HaulDaemon
@testable import HaulKit

/// The event pump hops onto the service only for the events the service keeps something of
/// (`Aria2Service.observes`): a fill of adds sends two events an add that it does not.
final class EventPumpHopTests: XCTestCase {
    private struct Kept: Equatable {
        var connections: [Int64: Int]
        var failures: [Int64: String]
        var wire: [Int64: [Int64]]
        var segments: [Int64: [Int]]
    }

    private func kept(_ service: Aria2Service) async -> Kept {
        await Kept(
            connections: service.activeConnections, failures: service.failures.mapValues(\.message),
            wire: service.wireCounts.mapValues { [$0.received, $0.kept] }, segments: service.streamSegments.mapValues { [$0.done, $0.total] })
    }

    func testAnEventTheServiceIsNotHoppedForChangesNothingThereAndTheOthersDo() async throws {
        let fixture = try await DaemonFixture.start()
        let service = fixture.daemon.service
        let snapshot = DownloadSnapshot(
            id: 7, url: URL(string: "http://h/f")!, destination: URL(fileURLWithPath: "/tmp/f"), state: .paused,
            priority: 0, queueOrder: 1, bytesDone: 0, totalBytes: nil, speed: 0, errorMessage: nil, rateLimit: nil)
        func progress(_ connections: Int, _ done: Int) -> DownloadProgress {
            var progress = DownloadProgress(bytesDone: Int64(10 * done), totalBytes: 100, currentSpeed: 1, activeConnections: connections)
            progress.segmentsDone = done
            progress.segmentsTotal = 4
            return progress
        }
        // The service keeps something of every kind for the download first, so that an event that cleared any of
        // it would show below.
        await service.observe(.progress(id: 7, progress(3, 1)))
        await service.observe(.failed(id: 7, HaulError(.http, "500")))
        let primed = await kept(service)
        XCTAssertTrue(!primed.connections.isEmpty && !primed.failures.isEmpty && !primed.wire.isEmpty && !primed.segments.isEmpty)
        // In the order a download lives them; each event of the second list changes what the service keeps.
        let skipped: [ManagerEvent] = [
            .added(snapshot), .current(snapshot), .stateChanged(id: 7, .downloading), .note(id: 7, .notice("moved")),
            .finishing(id: 7), .completed(id: 7, file: URL(fileURLWithPath: "/tmp/f")), .removed(id: 7),
        ]
        let observed: [ManagerEvent] = [
            .progress(id: 7, progress(2, 2)), .stateChanged(id: 7, .paused), .failed(id: 7, HaulError(.http, "404")),
        ]
        for event in skipped {
            XCTAssertFalse(Aria2Service.observes(event), "\(event)")
            let before = await kept(service)
            await service.observe(event)
            let after = await kept(service)
            XCTAssertEqual(after, before, "\(event)")
        }
        for event in observed {
            XCTAssertTrue(Aria2Service.observes(event), "\(event)")
            let before = await kept(service)
            await service.observe(event)
            let after = await kept(service)
            XCTAssertNotEqual(after, before, "\(event)")
        }
        await fixture.stop()
    }
}
