import Foundation
import HaulCore
import HaulKit

/// `haul URL.m3u8`: an HLS playlist named by a URL argument is downloaded as one stream file (docs/hls.md), not
/// saved as the playlist's text. Runs before the other downloads of the line; its progress is one line per stream
/// with segments done / total.
struct StreamRunner {
    let client: HaulClient
    let mode: ProgressMode
    let variant: HLSVariantChoice
    /// `--hls-audio`: the separate audio's language (the variant's default when `nil`).
    let audioLanguage: String?
    let segmentsAtOnce: Int
    /// `--hls-duration`: the playing time of a live stream to record, in seconds.
    var recordingLimit: Double? = nil
    /// Whether `q` on the terminal stops a stream (nothing after the streams reads keys).
    var readsKeys = false

    /// Whether `-o` named the stream's file itself: not given, or a directory (`-o sub/`, an existing directory,
    /// which `makeRequests` turned into DIR/URL-NAME), leaves the name to the playlist (`NAME.ts`).
    static func namesAFile(_ output: String?, _ request: DownloadRequest) -> Bool {
        guard let output else { return false }
        let urlName = FileName.fromURL(request.url)
        let intoDirectory = output.hasSuffix("/")
            || ((request.destinationPath as NSString).lastPathComponent == urlName && !output.hasSuffix(urlName))
        return !intoDirectory
    }

    /// Downloads each stream in turn; the exit code of the first that failed, or success.
    func run(_ requests: [DownloadRequest], output: String?) async -> Int32 {
        var code = ExitCodes.success
        for request in requests {
            let destination: HLSDownload.Destination = Self.namesAFile(output, request)
                ? .file(request.destinationPath)
                : .directory((request.destinationPath as NSString).deletingLastPathComponent)
            var options = HLSDownload.Options(variant: variant, segmentsAtOnce: segmentsAtOnce, headers: request.headers,
                                              onConflict: request.onConflict)
            options.audioLanguage = audioLanguage
            options.recordingLimit = recordingLimit
            options.folderPlacement = request.folderPlacement
            let download = HLSDownload(url: request.url, destination: destination, options: options)
            let line = StreamProgressLine(mode: mode, name: request.url.absoluteString)
            let interruption = StreamInterruption()
            defer { interruption.end() }
            do {
                let client = self.client
                let running = Task { try await download.run(client: client, notice: { line.note($0) }, progress: { line.show($0) }) }
                interruption.begin(readsKeys: readsKeys && mode == .bar) { running.cancel() }
                let outcome = try await running.value
                line.finish(outcome)
                // A live recording stopped by Ctrl-C is saved whole, and the run still says it was interrupted.
                if outcome.liveEnd == .stopped, code == ExitCodes.success { code = ExitCodes.interrupted }
            } catch where interruption.happened {
                line.clear()
                Terminal.writeError("haul: \(request.url.absoluteString): interrupted; the segments saved are kept, and the same command goes on from them\n")
                return ExitCodes.interrupted
            } catch let error as HaulError {
                line.clear()
                Terminal.writeError("haul: \(request.url.absoluteString): \(error.message)\n")
                if code == ExitCodes.success { code = ExitCodes.code(for: error) }
            } catch {
                line.clear()
                Terminal.writeError("haul: \(request.url.absoluteString): \(error)\n")
                if code == ExitCodes.success { code = ExitCodes.internalError }
            }
        }
        return code
    }
}

extension StreamRunner {
    /// `--hls-list`: each URL's variants, one line each (bandwidth, resolution, codecs, audio group, URL), the one
    /// `--hls-variant` chooses marked with `*`; a media playlist is said to be one, with its segments and duration.
    func list(_ urls: [URL]) async -> Int32 {
        func say(_ line: String) { FileHandle.standardOutput.write(Data((line + "\n").utf8)) }
        var code = ExitCodes.success
        for url in urls {
            do {
                let (master, finalURL) = try await HLSDownload(url: url, destination: .directory("")).variants(client: client)
                guard let master else {
                    say("\(finalURL.absoluteString): a media playlist (no variants to choose from)")
                    continue
                }
                let chosen = variant.choose(from: master.variants)
                say("\(finalURL.absoluteString): \(master.variants.count) variants")
                for item in master.variants {
                    let audio = master.audioRendition(of: item, language: audioLanguage).map { " audio=\($0.language ?? $0.name)" } ?? ""
                    let mark = item == chosen ? "*" : " "
                    say("\(mark) \(item.bandwidth) bit/s  \(item.resolution?.description ?? "-")  \(item.codecs ?? "-")\(audio)  \(item.url.absoluteString)")
                }
            } catch let error as HaulError {
                Terminal.writeError("haul: \(url.absoluteString): \(error.message)\n")
                if code == ExitCodes.success { code = ExitCodes.code(for: error) }
            } catch {
                Terminal.writeError("haul: \(url.absoluteString): \(error)\n")
                if code == ExitCodes.success { code = ExitCodes.internalError }
            }
        }
        return code
    }
}

/// The progress of one stream: `segments 12/200 6%, 3.4 MiB of ~57 MiB, 1.2 MiB/s, ETA 45s` redrawn on a terminal, a
/// line per tenth when piped, JSON lines with `--progress json`. The share done and the size are estimated from the
/// playing time until every piece is in (`HLSProgressEstimate`); the speed is the written bytes' over the last 5 s.
final class StreamProgressLine: @unchecked Sendable {
    let mode: ProgressMode
    let name: String
    private var lastTenth = -1
    private var meter = TransferRateMeter()
    private let started = ContinuousClock.now

    init(mode: ProgressMode, name: String) {
        self.mode = mode
        self.name = name
    }

    /// The line's text for `progress` at `speed` bytes a second, with its estimate.
    static func text(_ progress: HLSDownload.Progress, speed: Double) -> (String, HLSProgressEstimate, Double?) {
        if progress.isLive {
            let estimate = HLSProgressEstimate(
                piecesWritten: progress.piecesWritten, piecesTotal: progress.piecesWritten, bytesWritten: progress.bytesWritten,
                secondsWritten: progress.secondsWritten, secondsTotal: progress.secondsWritten)
            let text = "recording live: \(DurationText.elapsed(progress.secondsWritten)) in \(progress.piecesWritten) segments, "
                + "\(ByteCount.format(progress.bytesWritten)), \(ByteCount.formatRate(speed)), Ctrl-C stops and saves"
            return (text, estimate, nil)
        }
        let estimate = HLSProgressEstimate(
            piecesWritten: progress.piecesWritten, piecesTotal: progress.piecesTotal, bytesWritten: progress.bytesWritten,
            secondsWritten: progress.secondsWritten, secondsTotal: progress.secondsTotal)
        let left = estimate.secondsLeft(bytesWritten: progress.bytesWritten, bytesPerSecond: speed)
        let total = estimate.estimatedTotalBytes.map { " of \(estimate.isExact ? "" : "~")\(ByteCount.format($0))" } ?? ""
        let text = "segments \(progress.piecesWritten)/\(progress.piecesTotal) \(estimate.percent)%, "
            + "\(ByteCount.format(progress.bytesWritten))\(total), \(ByteCount.formatRate(speed)), ETA \(DurationText.format(left))"
        return (text, estimate, left)
    }

    func show(_ progress: HLSDownload.Progress) {
        let elapsed = ContinuousClock.now - started
        meter.record(totalBytes: progress.bytesWritten, at: Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
        let speed = meter.currentSpeed > 0 ? meter.currentSpeed : meter.averageSpeed
        let (text, estimate, left) = Self.text(progress, speed: speed)
        switch mode {
        case .bar:
            Terminal.writeError("\r\u{1B}[K\(text)")
        case .lines:
            let tenth = progress.isLive ? progress.piecesWritten : progress.piecesWritten * 10 / max(1, progress.piecesTotal)
            if tenth != lastTenth {
                lastTenth = tenth
                Terminal.writeError("\(name): \(text)\n")
            }
        case .json:
            let object: [String: Any] = [
                "url": name, "segmentsDone": progress.piecesWritten, "segmentsTotal": progress.piecesTotal, "bytes": progress.bytesWritten,
                "total": estimate.estimatedTotalBytes ?? NSNull(), "totalIsEstimate": !estimate.isExact, "percent": estimate.percent,
                "speed": Int(speed), "eta": left.map { Int($0.rounded(.up)) } ?? NSNull(),
                "secondsDone": progress.secondsWritten, "secondsTotal": progress.secondsTotal, "live": progress.isLive,
            ]
            if let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]) {
                FileHandle.standardOutput.write(data + Data("\n".utf8))
            }
        case .none:
            break
        }
    }

    /// A sentence about the stream (resumed, started over), on its own line.
    func note(_ text: String) {
        guard mode != .none else { return }
        clear()
        Terminal.writeError("haul: \(name): \(text)\n")
    }

    func clear() {
        if mode == .bar { Terminal.writeError("\r\u{1B}[K") }
    }

    func finish(_ outcome: HLSDownload.Outcome) {
        clear()
        guard mode != .none else { return }
        let variant = outcome.variant.map { " (variant \($0.resolution?.description ?? "-"), \($0.bandwidth) bit/s)" } ?? ""
        let elapsed = ContinuousClock.now - started
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        let ended: String
        switch outcome.liveEnd {
        case nil: ended = ""
        case .streamEnded?: ended = " (live; the stream ended)"
        case .durationReached?: ended = " (live; the time asked for is recorded)"
        case .stalled?: ended = " (live; the playlist stopped growing)"
        case .stopped?: ended = " (live; recording stopped)"
        }
        let lost = outcome.lostSegments > 0 ? "; \(outcome.lostSegments) segments were missed" : ""
        Terminal.writeError("saved \(outcome.path): \(outcome.segments) segments, \(ByteCount.format(outcome.bytes)), \(Int(outcome.duration.rounded()))s\(variant), in \(DurationText.elapsed(seconds))\(ended)\(lost)\n")
    }
}
