import Foundation
import HaulCore

/// The work `haul` starts before it has read its whole command line: the state database opening on a thread of its
/// own, and the first request of each download that starts at once leaving while the store opens and the download's
/// record is written (docs/history/benchmarks-rounds.md, "Round 6" and "Round 7"). The one seam for it: `package`, not
/// public API (an app gains a few milliseconds once, at launch), and held by the caller, not by a static: two
/// `EarlyStart`s do not see each other.
///
/// Which request leaves early is the download's own `TransferMachine`'s decision (`TransferMachine.firstRequest`),
/// asked with the settings its run will have; the transport hands the response to the download's first `open` of
/// the same plan, URL, headers and connection role, and drops one that nobody takes at `shutdown()`. Only a
/// download certain to start fresh goes early: no `.part` file (nothing to resume), a destination that is free (or
/// may be replaced), no proxy, cookies or mirrors of its own, and one `prepare` accepts.
package final class EarlyStart: Sendable {
    private let store: EarlyStoreOpen?

    /// Starts opening the state database in `stateDirectory` now, on a thread of its own, when the directory exists
    /// (named there as the client will name it, `HaulConfiguration.stateDirectory.path`, so that a relative one
    /// matches).
    package init(stateDirectory: String?) {
        store = stateDirectory.map { EarlyStoreOpen.start(directory: $0) }
    }

    /// The client for `configuration`: with the store opened early when it was opened for that directory, and the
    /// first request of each of `downloads` on its way. Give only the downloads that start right away (as many as
    /// run at once).
    ///
    /// - Throws: what `HaulClient(configuration:)` throws.
    package func client(configuration: HaulConfiguration, sendingFirst downloads: [DownloadRequest]) throws -> HaulClient {
        let transport = HTTPTransport(configuration: configuration)
        for request in downloads {
            guard let first = Self.firstRequest(of: request, configuration: configuration) else { continue }
            transport.sendEarly(request.url, plan: first.plan, role: first.role, extraHeaders: request.headerFields)
        }
        do {
            let store = store?.take(directory: configuration.stateDirectory.path)
            return try HaulClient(configuration: configuration, transport: transport, store: store)
        } catch {
            Task { await transport.shutdown() }
            throw error
        }
    }

    /// What `request`'s download sends first, when it is certain to start fresh (see the type's summary).
    static func firstRequest(of request: DownloadRequest, configuration: HaulConfiguration) -> (plan: RequestPlan, role: ConnectionRole)? {
        // Where `prepare` will put it: a folder rule may place it in another directory, whose files decide.
        let request = request.placedByFolderRules()
        guard request.proxy == nil, request.cookies.isEmpty, request.mirrors.isEmpty else { return nil }
        guard (try? HaulClient.checkPreparable(request, bypass: NoProxyList(""))) != nil else { return nil }
        guard request.onConflict == .overwrite || !FileSystemSteps.exists(request.destinationPath) else { return nil }
        guard !FileSystemSteps.exists(request.partPath) else { return nil }
        let settings = TransferRunner.machineSettings(
            for: request, configuration: configuration, connections: request.connections, jitterSeed: 0)
        return TransferMachine.firstRequest(settings: settings).map {
            ($0.plan, TransferRunner.role(of: request, bodyEnd: $0.bounded ? 0 : nil))
        }
    }
}
