import Foundation
import HaulCore

extension DownloadManager {
    /// Calls the hooks of `runner` as this manager's downloads start, pause, complete, fail or are cancelled.
    ///
    /// Fed by the manager's own event stream, like any other observer, so a slow hook never slows a download.
    /// Which events fire is decided by ``HookEventTracker``: downloads known when this is called, or added to the
    /// manager already in some state (`restore` at start-up), fire nothing for that state; each event fires once
    /// per download. A completion is taken from `.completed` (the file is in place) and a failure from `.failed`
    /// (with its error), not from the state change that precedes them.
    /// - Parameters:
    ///   - runner: the hooks to run.
    ///   - exitCode: the exit code a front end gives for an error (`HAUL_EXIT_CODE`, `exitCode`).
    /// - Returns: the observing task; it ends when the manager shuts down (then `runner.finish()` waits for the
    ///   hooks still running).
    package func observeHooks(_ runner: HookRunner, exitCode: @escaping @Sendable (HaulError) -> Int32) -> Task<Void, Never> {
        let events = self.events()
        let store = client.store
        let transport = client.transport
        return Task {
            var tracker = HookEventTracker(configured: runner.configuration.configuredEvents)
            var known: [Int64: DownloadSnapshot] = [:]
            func fire(_ fired: [DownloadHookEvent], _ id: Int64, path: String? = nil, error: HaulError? = nil) {
                guard !fired.isEmpty, let snapshot = known[id] else { return }
                let record = try? store.record(id: id)
                for event in fired {
                    let request = record.flatMap { try? JSONDecoder().decode(DownloadRequest.self, from: Data($0.optionsJSON.utf8)) }
                    let verified = event == .complete || (event == .stop && error == nil && path != nil)
                    runner.fire(HookFacts(
                        event: event, id: id, path: path ?? snapshot.destination.path, url: snapshot.url.absoluteString,
                        finalURL: record?.finalURL, size: record?.totalBytes ?? snapshot.totalBytes,
                        checksum: verified ? request?.checksum?.description : nil,  // `sha256=abc`, what a script compares
                        error: error?.message, exitCode: error.map(exitCode)
                    ), through: transport)
                }
            }
            for await event in events {
                switch event {
                case .current(let snapshot), .added(let snapshot):
                    known[snapshot.id.rawValue] = snapshot
                    tracker.baseline(snapshot.id.rawValue, state: snapshot.state)
                case .stateChanged(let id, let state) where state == .downloading || state == .paused || state == .queued:
                    fire(tracker.observe(id.rawValue, state: state), id.rawValue)
                case .completed(let id, let file):
                    known[id.rawValue]?.destination = file
                    fire(tracker.observe(id.rawValue, state: .completed), id.rawValue, path: file.path)
                case .failed(let id, let error) where error.kind != .busy:
                    fire(tracker.observe(id.rawValue, state: .failed), id.rawValue, error: error)
                case .removed(let id):
                    fire(tracker.removed(id.rawValue), id.rawValue)
                    known[id.rawValue] = nil
                default:
                    continue
                }
            }
        }
    }
}
