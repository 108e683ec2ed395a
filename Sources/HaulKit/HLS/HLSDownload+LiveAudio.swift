import Foundation
import HaulCore

/// A live variant whose audio is a rendition of its own: the video's and the audio's live playlists are recorded
/// at the same time, each by the live rules (`runLive`, `HLSLiveRecording`: from near its edge, reloaded every
/// target duration, until it ends, the time asked for is recorded, it stalls, or Ctrl-C), the video to
/// `NAME.video.EXT` and the audio to `NAME.audio.EXT`; then, as for a finished stream, muxed into `NAME.EXT` with
/// ffmpeg when it is on `PATH`, else the video takes `NAME.EXT` and the audio stays beside it (docs/hls.md, "Live
/// playlists"). The progress shown is the video's.
extension HLSDownload {
    func runLiveWithAudio(
        _ media: HLSMediaPlaylist, url mediaURL: URL, audioURL: URL, variant: HLSVariant?, client: some HLSFetching,
        notice: @Sendable (String) -> Void, progress: @Sendable (Progress) -> Void
    ) async throws -> Outcome {
        let (audioMedia, audioFinalURL) = try await fetchMediaPlaylist(audioURL, client: client)
        let videoPlan: HLSDownloadPlan, audioPlan: HLSDownloadPlan
        do { videoPlan = try HLSDownloadPlan(segments: media.segments, after: nil) } catch { throw Self.refused(error, url: mediaURL) }
        do { audioPlan = try HLSDownloadPlan(segments: audioMedia.segments, after: nil) } catch { throw Self.refused(error, url: audioFinalURL) }
        let path = try finalPath(for: videoPlan)
        let base = (path as NSString).deletingPathExtension
        let videoPath = "\(base).video.\(videoPlan.container.fileExtension)"
        let audioPath = "\(base).audio.\(audioPlan.container.fileExtension)"
        // Both at once, in a task group: the first to fail stops the other (its task cancelled), which saves what
        // it recorded. The closures do not outlive the group.
        let (video, audio) = try await withoutActuallyEscaping(notice) { notice in
            try await withoutActuallyEscaping(progress) { progress in
                try await withThrowingTaskGroup(of: (isVideo: Bool, outcome: Outcome).self) { group in
                    group.addTask {
                        (true, try await runLive(media, url: mediaURL, variant: variant, to: videoPath, client: client, notice: notice, progress: progress))
                    }
                    group.addTask {
                        (false, try await runLive(audioMedia, url: audioFinalURL, variant: nil, to: audioPath, client: client, notice: notice, progress: { _ in }))
                    }
                    var video: Outcome?, audio: Outcome?
                    while let recorded = try await group.next() {
                        if recorded.isVideo { video = recorded.outcome } else { audio = recorded.outcome }
                    }
                    guard let video, let audio else { throw HaulError(.internalError, "a live recording ended without its outcome") }
                    return (video, audio)
                }
            }
        }
        try muxAudio(video: videoPath, audio: audioPath, into: path, container: videoPlan.container, notice: notice)
        var outcome = video
        outcome.path = path
        outcome.segments += audio.segments
        outcome.bytes = HLSPieceWriter.length(ofFile: path) ?? video.bytes
        outcome.lostSegments += audio.lostSegments
        return outcome
    }
}
