import Foundation
import HaulCore

/// A live media playlist (no `EXT-X-ENDLIST`) recorded to one file: the segments from near the live edge on, the
/// playlist reloaded every target duration and its new segments appended (`HLSLiveRecording` decides which and
/// when), until the stream ends, the playing time asked for is recorded, the playlist stops growing, or the task is
/// cancelled (Ctrl-C). Whatever ends it, the file holds whole segments in order and gets its final name: what was
/// recorded is a complete, playable file (docs/hls.md, "Live playlists"). A recording is not resumed by a later
/// run: the live window has moved on; the next run records anew.
extension HLSDownload {
    /// Records `media` into `path` (`nil`: the destination's file, named as a VOD's).
    func runLive(_ media: HLSMediaPlaylist, url mediaURL: URL, variant: HLSVariant?, to givenPath: String? = nil, client: some HLSFetching,
                 notice: @Sendable (String) -> Void, progress: @Sendable (Progress) -> Void) async throws -> Outcome {
        var recording = HLSLiveRecording(limitSeconds: options.recordingLimit)
        let first = recording.take(media)
        let firstPlan: HLSDownloadPlan
        do { firstPlan = try HLSDownloadPlan(segments: first.segments, after: nil) } catch { throw Self.refused(error, url: mediaURL) }
        let path = try givenPath ?? finalPath(for: firstPlan)
        let writer = try HLSPieceWriter(partPath: path + ".part")
        var written = Progress(piecesWritten: 0, piecesTotal: 0, bytesWritten: 0, secondsWritten: 0, secondsTotal: 0)
        written.isLive = true
        var keys: [URL: [UInt8]] = [:]
        var segments = 0, lost: Int64 = 0
        var plan: HLSDownloadPlan? = firstPlan
        var currentMap = firstPlan.lastMap
        var playlist = media
        var stopped = false
        do {
            while true {
                if let batch = plan {
                    for keyURL in batch.keyURLs where keys[keyURL] == nil {
                        keys[keyURL] = try await fetchKeys([keyURL], client: client)[keyURL]
                    }
                    let before = written
                    var start = Progress(piecesWritten: 0, piecesTotal: batch.pieces.count, bytesWritten: 0, secondsWritten: 0, secondsTotal: batch.duration)
                    start.isLive = true
                    try await HLSSegmentFetcher(plan: batch, keys: keys, headers: options.headers, segmentsAtOnce: options.segmentsAtOnce)
                        .run(client: client, writer: writer, from: start) { step, _ in
                            written.piecesWritten = before.piecesWritten + step.piecesWritten
                            written.bytesWritten = before.bytesWritten + step.bytesWritten
                            written.secondsWritten = before.secondsWritten + step.secondsWritten
                            written.piecesTotal = written.piecesWritten
                            written.secondsTotal = written.secondsWritten
                            progress(written)
                        }
                    segments += batch.segmentCount
                    currentMap = batch.lastMap
                }
                if recording.end != nil { break }
                let delay = HLSLiveRecording.reloadDelay(targetDuration: playlist.targetDuration, grew: plan != nil)
                try await client.configuration.clock.sleep(seconds: delay)
                let (reloaded, _) = try await fetchMediaPlaylist(mediaURL, client: client)
                playlist = reloaded
                let take = recording.take(reloaded)
                if take.lost > 0 {
                    lost += take.lost
                    notice("\(take.lost) segment\(take.lost == 1 ? "" : "s") left the live playlist before a reload saw \(take.lost == 1 ? "it" : "them"); the recording skips \(take.lost == 1 ? "it" : "them")")
                }
                plan = take.segments.isEmpty ? nil : try HLSDownloadPlan(segments: take.segments, after: currentMap)
            }
        } catch {
            // Stopped (Ctrl-C: the task cancelled) or failed: the file keeps the whole segments written so far.
            guard Task.isCancelled || (error as? HaulError)?.kind == .cancelled || error is CancellationError else {
                if written.piecesWritten > 0 {
                    try? writer.finish(as: path)
                    throw HaulError((error as? HaulError)?.kind ?? .internalError,
                                    "\((error as? HaulError)?.message ?? "\(error)"); the \(segments) segments recorded before it are saved as \(path)")
                }
                writer.abandon()
                throw error
            }
            stopped = true
        }
        if written.piecesWritten == 0 {
            writer.abandon()
            try? FileManager.default.removeItem(atPath: path + ".part")
            throw HaulError(.cancelled, "stopped before any segment was recorded")
        }
        try writer.finish(as: path)
        var outcome = Outcome(path: path, segments: segments, bytes: writer.bytesWritten, duration: written.secondsWritten,
                              variant: variant, resumedPieces: 0)
        outcome.liveEnd = stopped ? .stopped : recording.end.map(LiveEnd.init)
        outcome.lostSegments = lost
        return outcome
    }

    /// Why a live recording ended.
    public enum LiveEnd: Sendable, Equatable {
        /// `EXT-X-ENDLIST`: the stream ended.
        case streamEnded
        /// The playing time asked for (`recordingLimit`, `--hls-duration`) is recorded.
        case durationReached
        /// The playlist did not grow for about ten target durations.
        case stalled
        /// The recording was stopped (its task cancelled: Ctrl-C).
        case stopped

        init(_ end: HLSLiveRecording.End) {
            switch end {
            case .streamEnded: self = .streamEnded
            case .durationReached: self = .durationReached
            case .stalled: self = .stalled
            }
        }
    }
}
