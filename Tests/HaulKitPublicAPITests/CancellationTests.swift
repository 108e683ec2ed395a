import Foundation
import HaulKit
import HaulTestSupport
import XCTest

/// Issue #57, "Cancellation and waiting": `cancel()` is idempotent as `URLSessionTask.cancel()` is, a cancelled
/// Swift task ends its waits with `CancellationError` (never with what looks like a completion), `interrupt()` on
/// a task on its own ends its `updates`, and a shut-down client refuses new work at the call.
final class CancellationTests: XCTestCase {
    func testCancellingTwiceDoesNothingTheSecondTime() async throws {
        try await withClient { client, server, dir in
            let task = try await client.download(request(server, "/slow", to: "a", in: dir))
            try await waitUntilReceiving(task)
            try await task.cancel()
            try await task.cancel()
            let state = await task.state
            XCTAssertEqual(state, .cancelled)

            let manager = try DownloadManager(client: client)
            let id = try await manager.add(request(server, "/slow", to: "b", in: dir))
            try await manager.cancel(id)
            try await manager.cancel(id)
            XCTAssertFalse(FileManager.default.fileExists(atPath: dir.file("b.part").path))
            await manager.shutdown()
        }
    }

    /// Cancelling the Swift task that reads `updates` throws `CancellationError` there; the download goes on.
    func testACancelledReaderGetsCancellationErrorAndTheDownloadGoesOn() async throws {
        try await withClient { client, server, dir in
            let task = try await client.download(request(server, "/slow", to: "a", in: dir))
            try await waitUntilReceiving(task)
            let reader = Task { () -> String in
                do {
                    for try await _ in task.updates {}
                    return "ended normally"
                } catch is CancellationError {
                    return "CancellationError"
                } catch {
                    return "\(error)"
                }
            }
            reader.cancel()
            let ending = await reader.value
            XCTAssertEqual(ending, "CancellationError")
            let state = await task.state
            XCTAssertEqual(state, .downloading, "the download goes on")
            try await task.cancel()
        }
    }

    /// `interrupt()` on a task no manager holds: its `updates` end with `.interrupted`, and `state` and `outcome()`
    /// agree (paused).
    func testInterruptOnATaskOnItsOwnEndsItsUpdatesAndAgreesWithItsOutcome() async throws {
        try await withClient { client, server, dir in
            let task = try await client.download(request(server, "/slow", to: "a", in: dir))
            try await waitUntilReceiving(task)
            let reader = Task { () -> HaulError.Kind? in
                do {
                    for try await _ in task.updates {}
                } catch let error as HaulError {
                    return error.kind
                } catch {}
                return nil
            }
            await task.interrupt()
            let kind = await reader.value
            XCTAssertEqual(kind, .interrupted)
            let state = await task.state
            let outcome = try await task.outcome()
            XCTAssertEqual(state, .paused)
            XCTAssertEqual(outcome, .paused)
            try await task.resume()
            try await task.cancel()
        }
    }

    func testOutcomeThrowsWhenItsTaskIsCancelledAndForATaskNeverStarted() async throws {
        try await withClient { client, server, dir in
            let prepared = try await client.prepare(request(server, "/small", to: "p", in: dir))
            let notStarted = await haulError { _ = try await prepared.outcome() }
            XCTAssertEqual(notStarted?.kind, .usage, "returns at once")

            let task = try await client.download(request(server, "/slow", to: "a", in: dir))
            try await waitUntilReceiving(task)
            let waiter = Task { () -> String in
                do {
                    return "\(try await task.outcome())"
                } catch is CancellationError {
                    return "CancellationError"
                } catch {
                    return "\(error)"
                }
            }
            waiter.cancel()
            let ending = await waiter.value
            XCTAssertEqual(ending, "CancellationError")
            try await task.cancel()
        }
    }

    func testWaitUntilIdleReturnsWhenItsTaskIsCancelled() async throws {
        try await withClient { client, server, dir in
            let manager = try DownloadManager(client: client)
            let id = try await manager.add(request(server, "/slow", to: "a", in: dir))
            let waiter = Task { () -> Bool in
                await manager.waitUntilIdle()
                return Task.isCancelled
            }
            waiter.cancel()
            let returnedOnCancel = await waiter.value
            XCTAssertTrue(returnedOnCancel)
            let state = await manager.snapshots(of: [id])[0]?.state
            XCTAssertTrue(state == .queued || state == .downloading, "still running: \(String(describing: state))")
            try await manager.cancel(id)
            await manager.shutdown()
        }
    }

    /// After `shutdown()`, `download`, `prepare` and `fetch` throw at the call (AsyncHTTPClient's `alreadyShutdown`).
    func testAShutDownClientRefusesNewWorkAtTheCall() async throws {
        try await withClient { client, server, dir in
            try await client.shutdown()
            let url = URL(string: server.url("/small"))!
            let refusedDownload = await haulError { _ = try await client.download(request(server, "/small", to: "a", in: dir)) }
            XCTAssertEqual(refusedDownload?.kind, .usage)
            let refusedPrepare = await haulError { _ = try await client.prepare(request(server, "/small", to: "b", in: dir)) }
            XCTAssertEqual(refusedPrepare?.kind, .usage)
            let refusedFetch = await haulError { _ = try await client.fetch(url) }
            XCTAssertEqual(refusedFetch?.kind, .usage)
            XCTAssertEqual(server.requests(for: "/small").count, 0, "nothing was sent")
            let left = try await client.storedDownloads()
            XCTAssertTrue(left.isEmpty, "no record was left")
        }
    }
}
