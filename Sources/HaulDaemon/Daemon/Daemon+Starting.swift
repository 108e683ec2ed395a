import Foundation
import HaulCore
import HaulKit
import NIOConcurrencyHelpers

/// Where a daemon answers.
package enum DaemonTransport: Sendable {
    /// A listening socket at the configuration's address and port (`haul daemon`), announced to `haul add`.
    case socket
    /// No socket: requests are answered in this process by `Daemon.respond(to:)`, through the same checks and router
    /// as on a socket (the way HummingbirdTesting's `.router` mode tests an application). The configuration's
    /// address and port stand for the daemon's own (its page's origin); nothing is announced, nothing is bound.
    case inMemory
}

extension Daemon {
    /// Starts: validates, opens the store, restores the queue, listens (or, `.inMemory`, answers in this process).
    ///
    /// - Parameters:
    ///   - client: the engine to run the downloads with; `nil`: one made from `configuration.client` with the
    ///     configuration's state directory, shut down when the daemon stops. A given client is the caller's: the
    ///     daemon stops its own queue, and leaves the client to be shut down by whoever made it.
    ///   - transport: a socket (`haul daemon`), or none (tests).
    package static func start(
        _ configuration: DaemonConfiguration, client given: HaulClient? = nil, transport: DaemonTransport = .socket
    ) async throws -> (Daemon, secret: String) {
        try configuration.validate()
        let (secret, secretPath) = try secret(configuration)
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
        do { _ = try Aria2Service.folderRules(configuration.folderRules, base: downloadDirectory, allowed: DirectoryPolicy(allowed: allowed)) } catch {
            throw DaemonError("--\(error.message)")
        }
        let client: HaulClient
        if let given {
            client = given
        } else {
            var clientConfiguration = configuration.client
            clientConfiguration.stateDirectory = URL(fileURLWithPath: configuration.stateDirectory)
            client = try HaulClient(configuration: clientConfiguration)
        }
        let manager = try DownloadManager(client: client, limits: configuration.queueLimits)
        await manager.setSpeedSchedule(configuration.speedSchedule, otherwise: configuration.maxOverallRate)
        await manager.setQueueSchedule(configuration.queueSchedule)
        let stopRequest = NIOLockedValueBox<(@Sendable () -> Void)?>(nil)
        var globals = Aria2GlobalOptions(
            maxConcurrent: configuration.maxConcurrent,
            maxOverallLimit: configuration.maxOverallRate ?? 0,
            maxDownloadLimit: configuration.limitRate ?? 0,
            connections: configuration.connections,
            directory: downloadDirectory
        )
        globals.speedSchedule = configuration.speedSchedule?.text ?? ""
        globals.connectionCount = configuration.connectionCount
        globals.folderRules = configuration.folderRules
        globals.queueSchedule = configuration.queueSchedule?.text ?? ""
        globals.fixed = Aria2FixedOptions(configuration.client)
        let service = Aria2Service(
            manager: manager,
            globals: globals,
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
        // A download a `haul` process holds (its bar in a terminal) stays in that process: an `unpause` of one paused
        // there puts it back in line for that process to resume (`HolderRule`), as `haul resume ID` does.
        await manager.deferToHolders()
        // Taken before the restore: what is stored after it is the watcher's to take up (`StoreWatcher`).
        let storedBeforeRestore = try client.largestStoredID()
        try await manager.restoreQueue()
        let token = SecretToken(secret)
        let router: @Sendable (Int) -> DaemonRouter = { port in
            DaemonRouter(endpoint: RPCEndpoint(
                service: service,
                checks: RequestChecks(
                    listenAddress: configuration.listenAddress, port: port, allowedHosts: configuration.allowedHosts,
                    allowedOrigins: configuration.allowedOrigins, extensionsWithSecret: configuration.extensionsWithSecret,
                    localPagesWithSecret: configuration.localPagesWithSecret,
                    secret: token
                ),
                unauthorizedDelay: configuration.unauthorizedDelay,
                maxBatch: configuration.limits.maxBatch
            ))
        }
        let hub = NotificationHub()
        var server: RPCServer?
        if case .socket = transport {
            do {
                server = try await RPCServer.start(
                    host: configuration.listenAddress, port: configuration.port, limits: configuration.limits, hub: hub,
                    router: router
                )
            } catch {
                await manager.shutdown()
                // The listen error is the one reported; a store that cannot be flushed as well has nothing of this run's.
                if given == nil { try? await client.shutdown() }
                throw DaemonError("cannot listen on \(configuration.listenAddress):\(configuration.port): \(error)")
            }
        }
        let watcher = StoreWatcher.run(client: client, manager: manager, after: storedBeforeRestore)
        let pump = EventPump.run(events: events, service: service, hub: hub, then: { watcher.cancel() })
        let daemon = Daemon(
            client: client, ownsClient: given == nil, manager: manager, service: service, server: server,
            router: router(server?.port ?? configuration.port), hub: hub, secretPath: secretPath, pump: pump,
            hooks: hooks, stopRequest: stopRequest
        )
        if let server {
            // What an RPC add without `dir` would do now: the options as restored (a `dir` or `folder-rule` changed
            // in an earlier run is kept), then as changed over RPC. Each change rewrites the note through the box,
            // which `stop()` empties: the observer never keeps the lock of a stopped daemon.
            let globals = await service.globals
            let info = DaemonAnnouncement.Info(
                pid: getpid(), port: server.port, directory: globals.directory, allowed: allowed,
                folderRules: globals.folderRules, address: configuration.listenAddress, secretPath: secretPath
            )
            daemon.announcement.withLockedValue {
                $0 = DaemonAnnouncement.announce(info, stateDirectory: configuration.stateDirectory)
            }
            let announcement = daemon.announcement
            await service.observeGlobals { options in
                var changed = info
                changed.directory = options.directory
                changed.folderRules = options.folderRules
                announcement.withLockedValue { _ = $0?.update(changed) }
            }
        }
        // `aria2.shutdown` answers first, then stops the daemon.
        let clock = client.configuration.clock
        stopRequest.withLockedValue { $0 = { [weak daemon] in
            Task {
                try? await clock.sleep(seconds: 0.1)
                await daemon?.stop()
            }
        } }
        return (daemon, secret)
    }

    /// The secret and the path of the file it is in: `--rpc-secret-file`'s, or one generated into the state
    /// directory.
    private static func secret(_ configuration: DaemonConfiguration) throws -> (String, String) {
        if let file = configuration.secretFile {
            return (try SecretFile.read(file), file)
        }
        let generated = try SecretFile.generated(in: configuration.stateDirectory)
        return (generated.secret, generated.path)
    }
}
