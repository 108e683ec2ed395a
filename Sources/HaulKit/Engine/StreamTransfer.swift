import Foundation
import HaulCore
import NIOConcurrencyHelpers

/// One run of a download whose URL is an HLS playlist (`HLSStreamRule`): `HLSDownload` fetches its segments into
/// one file, as `haul URL.m3u8` does, and the run reports them as any download's bytes (docs/hls.md, "In the queue
/// and the library").
///
/// - Progress: bytes written, and a total estimated from the segments known (`HLSProgressEstimate`), which grows
///   toward the file's length as segments arrive; the segments written and known (`DownloadProgress.segmentsDone`).
/// - Pause, shutdown, cancel: the Swift task is cancelled and the run ends `.stopped`; the segments written stay
///   in `NAME.ts.part` with their point in the state database (table `hlsStream`), where the next run goes on.
/// - Completion: the stream's path and length are stored as the download's destination and size.
struct StreamTransfer: Sendable {
    let record: DownloadRecord
    let context: TransferContext

    func run() async -> TransferOutcome {
        let request = context.request
        let counters = context.counters
        let destination: HLSDownload.Destination
        let destinationPath = record.destination ?? request.destinationPath
        let target = request.isRecognisedStream
            ? HLSStreamRule.recognisedTarget(destinationPath: destinationPath) : HLSStreamRule.target(destinationPath: destinationPath)
        switch target {
        case .stem(let stem): destination = .stem(stem)
        case .file(let path): destination = .file(path)
        }
        // The queue's grant bounds the segments at once (`-x`), as it bounds a file's connections.
        var options = HLSDownload.Options(
            variant: request.hlsVariant, segmentsAtOnce: max(1, request.connections), headers: request.headers, onConflict: request.onConflict)
        options.audioLanguage = request.hlsAudioLanguage
        options.folderPlacement = request.folderPlacement
        var download = HLSDownload(url: request.url, destination: destination, options: options)
        let announced = NIOLockedValueBox<String?>(nil)
        download.pathChosen = { [record, context] path in
            if Self.keep(path, of: record, in: context) { announced.withLockedValue { $0 = path } }
        }
        counters.reached(.planned(connections: options.segmentsAtOnce))
        let emit = context.emit
        let meter = StreamMeter(counters: counters)
        do {
            let outcome = try await download.run(
                client: HaulClient(sharing: context), notice: { emit(.notice($0)) }, progress: { meter.record($0) })
            return try complete(outcome, announced: announced.withLockedValue { $0 })
        } catch {
            if Task.isCancelled { return .stopped }
            return .failed(HaulError.wrap(error))
        }
    }

    /// Stores the path the run chose as the download's destination (a name taken gives `NAME.1.ts`), so that the
    /// next run writes the same `.part` file and a cancel removes it (`DownloadTask.discardStreamFiles`), and says
    /// the name (`.named`).
    ///
    /// - Returns: whether the name was said (it is not when the download already had this path).
    private static func keep(_ path: String, of record: DownloadRecord, in context: TransferContext) -> Bool {
        guard let id = record.id, record.destination != path else { return false }
        do {
            try context.store.setDestination(path, of: id)
        } catch {
            engineLog.error("download \(id): could not store the stream's path \(path): \(error)")
        }
        context.emit(.named(file: URL(fileURLWithPath: path, isDirectory: false)))
        return true
    }

    /// Stores the saved stream as the completed download (its path and length), as `TransferFinisher` does a file.
    /// The path is said (`.named`) only when it is news: not already the download's, and not said when chosen
    /// (`keep`), so `haul resume` prints "saving as" once.
    private func complete(_ outcome: HLSDownload.Outcome, announced: String?) throws -> TransferOutcome {
        var finished = record
        finished.destination = outcome.path
        finished.totalBytes = outcome.bytes
        context.counters.set(bytesDone: outcome.bytes, totalBytes: outcome.bytes)
        try context.store.markCompleted(finished, wire: context.counters.wireForCompletion(length: outcome.bytes))
        if outcome.path != announced, outcome.path != record.destination {
            context.emit(.named(file: URL(fileURLWithPath: outcome.path, isDirectory: false)))
        }
        return .completed(path: outcome.path)
    }
}

/// Turns `HLSDownload.Progress` into the run's counters: bytes written, the estimated total, segments, and the
/// bytes this run added (the first report is the point the run resumed from).
private final class StreamMeter: @unchecked Sendable {
    private let counters: TransferCounters
    /// Bytes written when last reported; `nil` before the first report. Reports come one after another from the
    /// download's own task (`HLSDownload.run`), never at once.
    private var lastBytes: Int64?

    init(counters: TransferCounters) { self.counters = counters }

    func record(_ progress: HLSDownload.Progress) {
        if let lastBytes {
            counters.received(Int(max(0, progress.bytesWritten - lastBytes)))
        } else {
            counters.startRun(held: progress.bytesWritten)
        }
        lastBytes = progress.bytesWritten
        let total: Int64?
        if progress.isLive {
            total = progress.bytesWritten
        } else {
            total = HLSProgressEstimate(
                piecesWritten: progress.piecesWritten, piecesTotal: progress.piecesTotal, bytesWritten: progress.bytesWritten,
                secondsWritten: progress.secondsWritten, secondsTotal: progress.secondsTotal
            ).estimatedTotalBytes
        }
        counters.set(bytesDone: progress.bytesWritten, totalBytes: total.map { max($0, progress.bytesWritten) })
        counters.setSegments(done: progress.piecesWritten, total: progress.isLive ? progress.piecesWritten : progress.piecesTotal)
    }
}
