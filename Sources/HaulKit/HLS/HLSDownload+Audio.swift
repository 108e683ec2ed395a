import Foundation
import HaulCore

/// A variant whose audio is a rendition of its own (`EXT-X-MEDIA TYPE=AUDIO` with a URI): both are downloaded, the
/// video to `NAME.video.EXT` and the audio to `NAME.audio.EXT`; then, with `ffmpeg` on `PATH`, muxed into `NAME.EXT`
/// without re-encoding (`-c copy`) and the two removed; without it, the video takes `NAME.EXT` and the audio stays
/// beside it, said in one line (docs/hls.md, "Separate audio").
extension HLSDownload {
    func runWithAudio(
        _ videoPlan: HLSDownloadPlan, audioURL: URL, path: String, variant: HLSVariant?, client: some HLSFetching,
        notice: @Sendable (String) -> Void, progress: @Sendable (Progress) -> Void
    ) async throws -> Outcome {
        let base = (path as NSString).deletingPathExtension
        let videoPath = "\(base).video.\(videoPlan.container.fileExtension)"
        let video = try await save(videoPlan, to: videoPath, client: client, notice: notice, progress: progress)
        let (audioMedia, audioFinalURL) = try await fetchMediaPlaylist(audioURL, client: client)
        let audioPlan = try plan(of: audioMedia, url: audioFinalURL)
        let audioPath = "\(base).audio.\(audioPlan.container.fileExtension)"
        let audio = try await save(audioPlan, to: audioPath, client: client, notice: notice, progress: progress)
        try muxAudio(video: videoPath, audio: audioPath, into: path, container: videoPlan.container, notice: notice)
        let bytes = (HLSPieceWriter.length(ofFile: path) ?? video.bytes)
        return Outcome(
            path: path, segments: videoPlan.segmentCount + audioPlan.segmentCount, bytes: bytes, duration: videoPlan.duration,
            variant: variant, resumedPieces: video.resumedPieces + audio.resumedPieces)
    }

    /// With `ffmpeg` on `PATH` (and `muxesAudio`), muxes `audio` into `video` without re-encoding as `path` and
    /// removes both; otherwise `video` takes `path` and `audio` stays beside it. Either way said in one line.
    /// ffmpeg writes `container`'s format (its file name says it), whatever `path` is named.
    func muxAudio(
        video videoPath: String, audio audioPath: String, into path: String, container: HLSDownloadPlan.Container, notice: (String) -> Void
    ) throws {
        let name = (path as NSString).lastPathComponent
        if options.muxesAudio, let ffmpeg = Self.program("ffmpeg") {
            let muxing = "\((path as NSString).deletingPathExtension).muxing.\(container.fileExtension)"
            let result = try Self.runProgram(ffmpeg, [
                "-nostdin", "-loglevel", "error", "-y", "-i", videoPath, "-i", audioPath, "-map", "0", "-map", "1:a", "-c", "copy", muxing,
            ])
            guard result.status == 0 else {
                try? FileManager.default.removeItem(atPath: muxing)
                throw HaulError(.io, "ffmpeg could not mux the audio into \(name) (\(result.errors.prefix(300))); the video is \(videoPath), the audio \(audioPath)")
            }
            guard rename(muxing, path) == 0 else { throw HaulError(.io, "cannot rename \(muxing) to \(path)") }
            try? FileManager.default.removeItem(atPath: videoPath)
            try? FileManager.default.removeItem(atPath: audioPath)
            notice("the separate audio was muxed into \(name) with ffmpeg (-c copy)")
        } else {
            guard rename(videoPath, path) == 0 else { throw HaulError(.io, "cannot rename \(videoPath) to \(path)") }
            notice("the audio is a separate rendition; ffmpeg is not on PATH to mux it, so it is saved beside as \((audioPath as NSString).lastPathComponent)")
        }
    }

    /// A program found on `PATH`.
    static func program(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            let candidate = "\(directory)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    /// Runs a program to its end; its exit status and standard error.
    static func runProgram(_ executable: String, _ arguments: [String]) throws -> (status: Int32, errors: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        do { try process.run() } catch { throw HaulError(.io, "cannot run \(executable): \(error.localizedDescription)") }
        let data = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
