import Foundation
import HaulCore
import HaulKit
import NIOConcurrencyHelpers

/// `haul daemon`: the queue from the state database, run continuously, driven over aria2's JSON-RPC.
///
/// Starting takes up every stored download (`DownloadManager.restore`): queued and interrupted ones run again,
/// paused ones stay paused, completed and failed ones stay listed with the same GIDs. Stopping stops listening,
/// then stops running downloads keeping their bytes (they are still queued in the store, so the next start
/// resumes them).
package final class Daemon: Sendable {
    package let client: HaulClient
    package let manager: DownloadManager
    package let service: Aria2Service
    /// The listening socket (`nil` when the daemon was started `.inMemory`).
    package let server: RPCServer?
    /// What every request goes through, on the socket or in memory.
    package let router: DaemonRouter
    /// The WebSocket connections notifications go to (none in memory).
    package let hub: NotificationHub
    /// Where the secret is (never the secret itself).
    package let secretPath: String
    private let pump: Task<Void, Never>
    /// Whether the daemon made its client, and so shuts it down when it stops (an injected one is its caller's).
    private let ownsClient: Bool
    /// The hooks and the task that fires them from the manager's events (both `nil` without hooks).
    private let hooks: (runner: HookRunner, observer: Task<Void, Never>)?
    private let stopped = NIOLockedValueBox<(phase: DaemonPhase, waiters: [CheckedContinuation<Void, Never>], failure: HaulError?)>(
        (.running, [], nil)
    )
    private let stopRequest: NIOLockedValueBox<(@Sendable () -> Void)?>
    /// The note `haul add` reads (`DaemonAnnouncement`), withdrawn when the daemon stops.
    let announcement = NIOLockedValueBox<DaemonAnnouncement?>(nil)

    init(
        client: HaulClient, ownsClient: Bool, manager: DownloadManager, service: Aria2Service, server: RPCServer?,
        router: DaemonRouter, hub: NotificationHub, secretPath: String, pump: Task<Void, Never>,
        hooks: (runner: HookRunner, observer: Task<Void, Never>)?, stopRequest: NIOLockedValueBox<(@Sendable () -> Void)?>
    ) {
        self.hooks = hooks
        self.client = client
        self.ownsClient = ownsClient
        self.manager = manager
        self.service = service
        self.server = server
        self.router = router
        self.hub = hub
        self.secretPath = secretPath
        self.pump = pump
        self.stopRequest = stopRequest
    }

    /// The port listened on (in memory: the configuration's, which the daemon's own origin names).
    package var port: Int { server?.port ?? router.checks.origins.port }

    /// The in-process responder: answers `request` as the socket would, through the same checks and router, with
    /// no socket (HummingbirdTesting's `.router` mode). A `HEAD` answer has no body, as on the wire.
    package func respond(to request: DaemonRequest) async -> DaemonResponse {
        var response = await router.respond(to: request)
        if request.method == "HEAD" { response.body = Data() }
        return response
    }

    /// The page's address with the secret in the fragment (browsers never send the fragment to a server).
    package func pageURL(secret: String, host: String) -> String {
        let shown = host == "0.0.0.0" || host == "::" ? "127.0.0.1" : (host.contains(":") ? "[\(host)]" : host)
        let encoded = secret.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? secret
        return "http://\(shown):\(port)/#secret=\(encoded)"
    }

    /// Stops listening, stops running downloads keeping their bytes, closes the store. Idempotent: a second call
    /// waits for the first to finish.
    package func stop() async {
        let first = stopped.withLockedValue { state -> Bool in
            if state.phase != .running { return false }
            state.phase = .stopping
            return true
        }
        guard first else { return await waitUntilStopped() }
        announcement.withLockedValue { $0 = nil }
        await server?.close()
        await manager.shutdown()
        await pump.value
        // Hooks still running get their time (up to --hook-timeout): a complete hook is not cut off by the stop.
        await hooks?.observer.value
        await hooks?.runner.finish()
        var failure: HaulError?
        if ownsClient {
            do { try await client.shutdown() } catch { failure = HaulError.wrap(error) }
        }
        let waiters = stopped.withLockedValue { state -> [CheckedContinuation<Void, Never>] in
            state.phase = .stopped
            state.failure = failure
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.resume() }
    }

    /// What went wrong at the stop, once stopped: the state database's log could not be flushed
    /// (`HaulClient.shutdown()`), so this run's newest records may not survive a power cut. Nil otherwise.
    package var stopFailure: HaulError? { stopped.withLockedValue { $0.failure } }

    /// Returns once the daemon has stopped (by `stop`, a signal handler or `aria2.shutdown`).
    package func waitUntilStopped() async {
        await withCheckedContinuation { continuation in
            let finished = stopped.withLockedValue { state -> Bool in
                if state.phase == .stopped { return true }
                state.waiters.append(continuation)
                return false
            }
            if finished { continuation.resume() }
        }
    }
}

enum DaemonPhase: Sendable { case running, stopping, stopped }
