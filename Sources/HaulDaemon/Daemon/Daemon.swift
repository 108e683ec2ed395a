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
public final class Daemon: Sendable {
    public let client: HaulClient
    public let manager: DownloadManager
    public let service: Aria2Service
    public let server: RPCServer
    /// Where the secret is (never the secret itself).
    public let secretPath: String
    private let pump: Task<Void, Never>
    /// The hooks and the task that fires them from the manager's events (both `nil` without hooks).
    private let hooks: (runner: HookRunner, observer: Task<Void, Never>)?
    private let stopped = NIOLockedValueBox<(phase: DaemonPhase, waiters: [CheckedContinuation<Void, Never>])>((.running, []))
    private let stopRequest: NIOLockedValueBox<(@Sendable () -> Void)?>
    /// The note `haul add` reads (`DaemonAnnouncement`), withdrawn when the daemon stops.
    private let announcement = NIOLockedValueBox<DaemonAnnouncement?>(nil)

    private init(
        client: HaulClient, manager: DownloadManager, service: Aria2Service, server: RPCServer, secretPath: String,
        pump: Task<Void, Never>, hooks: (runner: HookRunner, observer: Task<Void, Never>)?,
        stopRequest: NIOLockedValueBox<(@Sendable () -> Void)?>
    ) {
        self.hooks = hooks
        self.client = client
        self.manager = manager
        self.service = service
        self.server = server
        self.secretPath = secretPath
        self.pump = pump
        self.stopRequest = stopRequest
    }

    /// The port listened on.
    public var port: Int { server.port }

    /// The page's address with the secret in the fragment (browsers never send the fragment to a server).
    public func pageURL(secret: String, host: String) -> String {
        let shown = host == "0.0.0.0" || host == "::" ? "127.0.0.1" : (host.contains(":") ? "[\(host)]" : host)
        let encoded = secret.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? secret
        return "http://\(shown):\(port)/#secret=\(encoded)"
    }

    /// Starts: validates, opens the store, restores the queue, listens.
    public static func start(_ configuration: DaemonConfiguration) async throws -> (Daemon, secret: String) {
        try configuration.validate()
        let secret: String
        let secretPath: String
        if let file = configuration.secretFile {
            secret = try SecretFile.read(file)
            secretPath = file
        } else {
            let generated = try SecretFile.generated(in: configuration.stateDirectory)
            secret = generated.secret
            secretPath = generated.path
        }
        let downloadDirectory: String
        do {
            downloadDirectory = DirectoryResolver.resolve(try DirectoryPolicy.normalised(
                configuration.downloadDirectory, base: FileManager.default.currentDirectoryPath
            ))
        } catch {
            throw DaemonError("-d \(configuration.downloadDirectory): \(error.message)")
        }
        try? FileManager.default.createDirectory(atPath: downloadDirectory, withIntermediateDirectories: true)
        let allowed = (configuration.allowedDirectories.isEmpty ? [downloadDirectory] : configuration.allowedDirectories)
            .map { path in
                DirectoryResolver.resolve(
                    (try? DirectoryPolicy.normalised(path, base: FileManager.default.currentDirectoryPath)) ?? path
                )
            }
        var clientConfiguration = configuration.client
        clientConfiguration.stateDirectory = URL(fileURLWithPath: configuration.stateDirectory)
        let client = try HaulClient(configuration: clientConfiguration)
        let limits = QueueLimits(
            maxConcurrent: configuration.maxConcurrent,
            maxTotalConnections: configuration.maxConnections ?? configuration.maxConcurrent * SegmentPolicy.connectionLimit
        )
        let manager = DownloadManager(client: client, limits: limits)
        if let rate = configuration.maxOverallRate { await manager.setGlobalRateLimit(rate) }
        let stopRequest = NIOLockedValueBox<(@Sendable () -> Void)?>(nil)
        let service = Aria2Service(
            manager: manager,
            globals: Aria2GlobalOptions(
                maxConcurrent: configuration.maxConcurrent,
                maxOverallLimit: configuration.maxOverallRate ?? 0,
                maxDownloadLimit: configuration.limitRate ?? 0,
                connections: configuration.connections,
                directory: downloadDirectory
            ),
            directories: DirectoryPolicy(allowed: allowed),
            requestShutdown: { stopRequest.withLockedValue { $0 }?() },
            log: configuration.log
        )
        await GlobalOptionsFile(stateDirectory: configuration.stateDirectory).restore(into: service, log: configuration.log)
        let events = await manager.events()
        // Subscribed before the queue is restored, so a download stored as completed or failed fires nothing at
        // start-up (aria2 calls its hooks again for old entries; Haul does not).
        var hooks: (runner: HookRunner, observer: Task<Void, Never>)?
        if let runner = configuration.hooks {
            hooks = (runner, await manager.observeHooks(runner, exitCode: configuration.hookExitCode))
        }
        try await manager.restore()
        let endpoint = RPCEndpoint(
            service: service, secret: SecretToken(secret), unauthorizedDelay: configuration.unauthorizedDelay,
            maxBatch: configuration.limits.maxBatch
        )
        let server: RPCServer
        do {
            server = try await RPCServer.start(
                host: configuration.listenAddress,
                port: configuration.port,
                endpoint: endpoint,
                hosts: HostPolicy(listenAddress: configuration.listenAddress, allowedHosts: configuration.allowedHosts),
                allowedOrigins: configuration.allowedOrigins,
                extensionsWithSecret: configuration.extensionsWithSecret,
                limits: configuration.limits
            )
        } catch {
            await manager.shutdown()
            await client.shutdown()
            throw DaemonError("cannot listen on \(configuration.listenAddress):\(configuration.port): \(error)")
        }
        let hub = server.hub
        let watcher = StoreWatcher.run(client: client, manager: manager)
        let pump = EventPump.run(events: events, service: service, hub: hub, then: { watcher.cancel() })
        let daemon = Daemon(
            client: client, manager: manager, service: service, server: server, secretPath: secretPath, pump: pump,
            hooks: hooks, stopRequest: stopRequest
        )
        daemon.announcement.withLockedValue {
            $0 = DaemonAnnouncement.announce(
                DaemonAnnouncement.Info(pid: getpid(), port: server.port, directory: downloadDirectory, allowed: allowed),
                stateDirectory: configuration.stateDirectory)
        }
        // `aria2.shutdown` answers first, then stops the daemon.
        stopRequest.withLockedValue { $0 = { [weak daemon] in
            Task {
                try? await Task.sleep(for: .milliseconds(100))
                await daemon?.stop()
            }
        } }
        return (daemon, secret)
    }

    /// Stops listening, stops running downloads keeping their bytes, closes the store. Idempotent: a second call
    /// waits for the first to finish.
    public func stop() async {
        let first = stopped.withLockedValue { state -> Bool in
            if state.phase != .running { return false }
            state.phase = .stopping
            return true
        }
        guard first else { return await waitUntilStopped() }
        announcement.withLockedValue { $0 = nil }
        await server.close()
        await manager.shutdown()
        await pump.value
        // Hooks still running get their time (up to --hook-timeout): a complete hook is not cut off by the stop.
        await hooks?.observer.value
        await hooks?.runner.finish()
        await client.shutdown()
        let waiters = stopped.withLockedValue { state -> [CheckedContinuation<Void, Never>] in
            state.phase = .stopped
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.resume() }
    }

    /// Returns once the daemon has stopped (by `stop`, a signal handler or `aria2.shutdown`).
    public func waitUntilStopped() async {
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
