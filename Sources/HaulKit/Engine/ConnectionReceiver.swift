import Foundation
import HaulCore
import NIOConcurrencyHelpers

/// The one receive loop of the engine: streams one response body into the `.part` file from its offset, paced by
/// the bandwidth limits, never past its segment's (possibly shrinking) end, and reports the flushed offset about
/// every 256 KiB or checkpoint interval. Single and segmented transfers use it alike; the decisions about what the
/// bytes mean are `TransferMachine`'s.
///
/// The per-chunk path is what the two loops it replaces did: a bound check, the digest when one streams, one
/// `CoalescingWriter.append`, one `pace`, one clock read, and the byte counter when the run has one connection.
/// The shared end and the runner are touched once per report, not per chunk.
struct ConnectionReceiver: Sendable {
    /// How a body ended.
    enum End: Sendable {
        /// The body ended, or the segment's end was reached.
        case ended
        /// The network failed, or a local write failed (`HaulError` says which).
        case failed(HaulError)
        /// The connection was dropped (pause, replaced): nothing to report.
        case cancelled
    }

    /// Written bytes between two reports: one report per 256 KiB keeps the runner off the hot path, and a shortened
    /// end is heard of within 256 KiB.
    static let reportBytes: Int64 = 256 << 10

    let connection: ConnectionID
    let download: Int64
    let url: URL
    let file: PartFile
    let bandwidth: BandwidthLimiter
    let clock: MonotonicClock
    let flushInterval: Double
    /// The segment's end (nil: the body's end), which the runner may shorten, and the last flushed offset.
    let bounds: ConnectionBounds
    /// Counts bytes per chunk for progress when the run has a single connection (a segmented run counts per report).
    let counters: TransferCounters?
    /// Counts every body byte read, kept or not (`DownloadProgress.bytesReceived`).
    var wire = TransferCounters()
    /// The streaming checksum of a single-connection run.
    let digest: StreamingDigestBox?
    /// Hears the flushed offset.
    let report: @Sendable (Int64) -> Void

    /// Streams `body` into the file from `plan.offset`.
    func receive(_ body: ResponseBody, plan: BodyPlan) async -> End {
        let writer = CoalescingWriter(file: file, startingAt: plan.offset)
        // The transport may write the bytes itself (`BodySink`): not while a streaming digest needs them.
        let sink = digest == nil ? makeSink(from: plan.offset) : nil
        if let sink { body.writeDirectly(into: sink) }
        // No write through the sink after this returns: a truncation or restart that waits for it meets none.
        defer { sink?.close() }
        let limit = plan.expectedLength.map { plan.offset + $0 }
        var end = bounds.end
        var reported = plan.offset
        var lastReport = clock.now()
        func flushAndReport() {
            let offset = end.map { min(writer.flushedOffset, $0) } ?? writer.flushedOffset
            bounds.flushed = offset
            if offset > reported {
                reported = offset
                report(offset)
            }
            end = bounds.end
        }
        // A chunk cut at the segment's end ends the body here, even when the runner lifted the end meanwhile (a
        // whole-file stream kept as the download: `TransferMachine.continueOnOneConnection`): the bytes cut off are
        // gone, so the next chunk would not continue the file.
        var cut = false
        do {
            var iterator = body.makeAsyncIterator()
            while !cut, end.map({ writer.offset < $0 }) ?? true, var chunk = try await iterator.next() {
                wire.received(chunk.count)
                if let stale = end {
                    // The end read at the last report may have moved since (shortened, or lifted): read it again
                    // before cutting a chunk at it.
                    if Int64(chunk.count) > stale - writer.offset { end = bounds.end }
                    let room = max(0, (end ?? stale) - writer.offset)
                    if Int64(chunk.count) > room {
                        chunk = chunk.prefix(Int(room))
                        cut = true
                    }
                } else if let limit, writer.offset + Int64(chunk.count) > limit {
                    throw HaulError(.protocolViolation, "the server sent more bytes than it announced")
                }
                if chunk.isWritten {
                    try writer.advance(by: chunk.count)
                } else {
                    digest?.digest?.feed(chunk.bytes, at: writer.offset)
                    try writer.append(chunk.bytes)
                }
                await bandwidth.pace(chunk.count, download: download)
                let now = clock.now()
                counters?.setBytesDone(writer.offset)
                // A slow connection writes out what it gathered at least every `flushInterval`, so a checkpoint can
                // count it and a crash loses at most about one interval of bytes.
                let due = now - lastReport >= flushInterval
                let atEnd = end.map { writer.offset >= $0 } ?? false
                if due || atEnd { try writer.flush() }
                // The first bytes are reported at once, so that the first checkpoint counts them.
                if due || atEnd || writer.flushedOffset - reported >= Self.reportBytes
                    || (reported == plan.offset && writer.flushedOffset > reported)
                {
                    lastReport = now
                    flushAndReport()
                }
            }
            try writer.flush()
            flushAndReport()
            if let expected = plan.expectedLength, plan.offset + expected == writer.offset, end != nil {
                // Read the end of the message so that the connection goes back to the pool for the next range.
                _ = try? await iterator.next()
            }
            return .ended
        } catch {
            // Keep every byte that arrived: it is part of the right version and saves a re-fetch.
            do {
                try writer.flush()
            } catch let local {
                flushAndReport()
                return .failed(HaulError.wrap(local))
            }
            flushAndReport()
            if Task.isCancelled || error is CancellationError { return .cancelled }
            // The body's failures are `HaulError`s already (the transport says its own at the seam).
            let failure = HaulError.wrap(error)
            if failure.kind != .network { return .failed(failure) }
            if failure.isClosedEarly, let expected = plan.expectedLength {
                // Said as what it is (issue 33, point 10): a length the server announced and did not send.
                var said = HaulError(
                    .network,
                    "\(url.host ?? "the server") announced \(expected) bytes and closed the connection after \(writer.offset - plan.offset)"
                )
                said.isClosedEarly = true
                return .failed(said)
            }
            return .failed(failure)
        }
    }
}

extension ConnectionReceiver {
    /// The sink through which a transport may write this connection's bytes into the file itself: never past the
    /// segment's end as it stands at each write, and not while a bandwidth limit paces the download.
    func makeSink(from start: Int64) -> BodySink {
        BodySink(
            bodyStart: start,
            move: { [file] pipe, count, offset in try file.write(fromPipe: pipe, count: count, at: offset) },
            store: { [file] bytes, offset in try file.writeInTurn(bytes, at: offset) },
            room: { [bounds] offset in bounds.end.map { $0 - offset } },
            isWanted: { [bandwidth, download] in !bandwidth.isLimited(download: download) }
        )
    }
}

/// A connection's end and flushed offset, shared between its receiver and the runner. Read by the receiver once
/// per report, never per chunk.
final class ConnectionBounds: Sendable {
    private let state: NIOLockedValueBox<(end: Int64?, flushed: Int64)>

    init(end: Int64?) {
        state = NIOLockedValueBox((end, 0))
    }

    /// Where the receiver must stop (nil: the body's end).
    var end: Int64? {
        get { state.withLockedValue { $0.end } }
        set { state.withLockedValue { $0.end = newValue } }
    }

    /// The last flushed offset the receiver reported.
    var flushed: Int64 {
        get { state.withLockedValue { $0.flushed } }
        set { state.withLockedValue { $0.flushed = newValue } }
    }
}

/// The streaming checksum of a single-connection run, handed to one receiver at a time (the runner awaits a
/// dropped receiver before it starts the next), so it needs no lock on the per-chunk path.
final class StreamingDigestBox: @unchecked Sendable {
    var digest: StreamingDigest?

    init(_ digest: StreamingDigest?) {
        self.digest = digest
    }
}
