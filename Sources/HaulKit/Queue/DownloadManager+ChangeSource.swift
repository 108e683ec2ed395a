import Foundation
import HaulCore

extension DownloadManager {
    /// Points a paused or failed download at another URL (a refreshed link: aria2's `changeUri`), keeping its
    /// held bytes, its validators and its place in the queue.
    ///
    /// The bytes are not judged here: the next run resumes as any resume does, and the engine's validator check
    /// (the stored `ETag`/`Last-Modified` and length, sent as `If-Range`) keeps them when the new URL serves the same
    /// version and starts over when it does not. So a link that now serves another file cannot be stitched onto
    /// the old bytes. A running or queued download must be paused first (the caller pauses, changes, resumes), so
    /// that no transfer writes while the source changes.
    ///
    /// - Throws: `.usage` for a download that is not paused or failed, or a URL that is
    ///   not http(s); `.io` when the store cannot be written.
    public func changeSource(of id: DownloadID, to url: URL) async throws {
        let id = id.rawValue
        try checkRunning()
        let old = try entry(id)
        let state = machine.downloads[id]?.state
        guard let state, DownloadCommandRule.verdict(.changeSource, in: state) == .allowed else {
            throw HaulError(.usage, "download \(id) is \(state?.rawValue ?? "gone"): pause it before changing its URL")
        }
        if let refusal = DownloadURLRule.refusal(of: url) { throw HaulError(.usage, refusal) }
        guard var record = try client.store.record(id: id) else {
            throw HaulError(.usage, "there is no download with id \(id)", remedy: .useAKnownDownloadID)
        }
        var request = try JSONDecoder().decode(DownloadRequest.self, from: Data(record.optionsJSON.utf8))
        request.url = url
        record.url = url.absoluteString
        record.finalURL = nil  // the next run follows the new URL's redirects, not the old one's
        record.optionsJSON = HaulClient.encode(request)
        try client.store.update(record)
        // The old task's updates end here; the new task reads the same record, segments and validators.
        old.endUpdates?()
        old.forwarder?.cancel()
        // The machine keeps the download's state, place and generation; only the task (which holds the request)
        // is replaced.
        await hold(client.task(for: record), record: record, replacing: true)
    }
}
