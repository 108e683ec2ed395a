import Dispatch
import Foundation
import HaulArchive
import HaulCore
import NIOCore

/// How one run of a transfer ended.
enum TransferOutcome: Sendable {
    /// The file is complete, verified and at `path`.
    case completed(path: String)
    /// Stopped on request (pause, cancel, shutdown); progress is durable.
    case stopped
    /// Failed for good.
    case failed(HaulError)
}

/// A failure worth another attempt: network trouble, a short body, or a retryable status.
struct RetryableFailure: Error {
    var error: HaulError
    var retryAfterSeconds: Int64?
}

/// Runs one download over one connection: asks, judges the answer with `ResponseJudge`, streams the body to the
/// `.part` file, checkpoints, retries, and finishes atomically. The decisions are `HaulCore`'s; this type only
/// performs them.
final class SingleConnectionTransfer {
    private var record: DownloadRecord
    private let request: DownloadRequest
    private let store: DownloadStore
    private let transport: any Transport
    private let session: RequestSession?
    private let configuration: HaulConfiguration
    private let counters: TransferCounters
    private let emit: @Sendable (DownloadUpdate) -> Void

    /// Bytes `[0, held)` are written to the file (durable once checkpointed).
    private var held: Int64 = 0
    private var identity: ResourceIdentity?
    private var rangesTrusted = true
    private let file: PartFile
    /// A response already opened by the caller (the segmented runner's first GET, when the file turned out not to
    /// be worth splitting): used instead of a new request when the first plan is the whole file.
    private var firstResponse: OpenedResponse?
    /// Hashes the bytes as they stream when a checksum is expected.
    private var digest: StreamingDigest?

    init(record: DownloadRecord, context: TransferContext, file: PartFile, firstResponse: OpenedResponse? = nil) {
        self.file = file
        self.firstResponse = firstResponse
        self.digest = context.request.checksum.flatMap { try? Checksum(parsing: $0) }.map { StreamingDigest($0.algorithm) }
        self.record = record
        self.request = context.request
        self.store = context.store
        self.transport = context.transport
        self.session = context.session
        self.configuration = context.configuration
        self.counters = context.counters
        self.emit = context.emit
    }

    /// Runs until the file is complete, the task is cancelled, or the failure is final.
    func run() async -> TransferOutcome {
        do {
            return try await runAttempts()
        } catch {
            if Task.isCancelled || error is CancellationError { return .stopped }
            return .failed(HaulError.wrap(error))
        }
    }

    private var id: Int64 { record.id! }

    private func runAttempts() async throws -> TransferOutcome {
        try restoreProgress(file)
        try digest?.catchUp(with: file, to: held)
        let checkpointer = Checkpointer<SegmentRecord>(file: file, interval: configuration.checkpointInterval) {
            [store, id] segment in try store.saveSegments([segment], of: id)
        }
        var retry = RetryTracker(policy: configuration.retryPolicy)
        var attempt = 0
        while true {
            try Task.checkCancellation()
            attempt += 1
            let startHeld = held
            do {
                if try await attemptOnce(file: file, checkpointer: checkpointer) {
                    return try await finish(file: file, checkpointer: checkpointer)
                }
                if held > startHeld { retry.recordProgress() }
            } catch let failure as RetryableFailure {
                if Task.isCancelled { return try await stop(checkpointer) }
                let decision = retry.recordFailure(
                    madeProgress: held > startHeld,
                    retryAfterSeconds: failure.retryAfterSeconds,
                    jitter: Double.random(in: 0..<1),
                    connectionRefused: failure.error.isConnectionRefused,
                    now: MonotonicClock.system.now()
                )
                // Make what arrived durable before waiting: a crash during the backoff then loses nothing.
                try await checkpointer.checkpointNow(segmentRecord())
                guard case .retry(let delay) = decision else { throw failure.error }
                emit(.retrying(attempt: attempt, delaySeconds: delay, reason: failure.error.message))
                try await Task.sleep(nanoseconds: UInt64(delay * 1_000_000_000))
            } catch {
                if Task.isCancelled || error is CancellationError { return try await stop(checkpointer) }
                try? await checkpointer.checkpointNow(segmentRecord())
                throw error
            }
        }
    }

    /// Rule 17: trust the record only as far as the `.part` file backs it.
    private func restoreProgress(_ file: PartFile) throws {
        let size = try file.size()
        let recorded = try store.segments(of: id).first?.next ?? 0
        identity = record.identity
        if recorded > 0, recorded <= size, identity?.canResume == true {
            held = recorded
        } else {
            if recorded > 0 || size > 0 {
                let reason = recorded > size
                    ? "the partial file is shorter than its record"
                    : (recorded == 0 ? "the partial file has no record of its progress" : "the partial file has no strong validator")
                emit(.restarted(reason: reason))
            }
            held = 0
            identity = nil
        }
        // Bytes past the durable offset were never checkpointed: they may be stale. Drop them.
        try file.truncate(to: held)
        counters.set(bytesDone: held, totalBytes: identity?.totalLength)
    }

    /// One request. Returns true when every byte is in the file.
    private func attemptOnce(file: PartFile, checkpointer: Checkpointer<SegmentRecord>) async throws -> Bool {
        let plan: RequestPlan = held > 0 && rangesTrusted ? .fetch(ByteRange(held, nil), of: identity) : .wholeFile
        let opened: OpenedResponse
        if let pending = firstResponse, plan == .wholeFile {
            opened = pending
            firstResponse = nil
        } else {
            firstResponse = nil
            do {
                opened = try await transport.open(request.url, plan: plan, extraHeaders: request.headerFields, session: session)
            } catch let error as HaulError where error.kind == .network {
                throw RetryableFailure(error: error)
            }
        }
        record.finalURL = opened.url.absoluteString
        let verdict = ResponseJudge.judge(
            opened.head,
            to: plan,
            known: identity,
            heldBytes: held,
            now: Int64(Date().timeIntervalSince1970)
        )
        switch verdict {
        case .accept(let body):
            try await adopt(body, head: opened.head, file: file, plan: plan)
            try await receive(opened.body, plan: body, file: file, checkpointer: checkpointer)
            if let total = identity?.totalLength { return held >= total }
            return true  // unknown length: the message ended cleanly, so the body is whole
        case .complete(let known):
            identity = known
            return true
        case .restart(let reason):
            switch reason {
            case .invalidContentRange, .encodedRange, .multipartRange: rangesTrusted = false
            default: break
            }
            emit(.restarted(reason: reason.description))
            try await discardPartial(file: file, newIdentity: nil)
            return false
        case .retry(let status, let retryAfter):
            throw RetryableFailure(
                error: HaulError(.http, "HTTP \(status) \(HTTPStatusText.reason(status)) from \(opened.url.host ?? "server")", httpStatus: status),
                retryAfterSeconds: retryAfter
            )
        case .redirect(let status, let location):
            throw HaulError(.http, "unfollowed redirect \(status) to \(location)", httpStatus: status)
        case .fail(let failure):
            var status: Int?
            if case .httpStatus(let code) = failure { status = code }
            throw HaulError(.http, "\(failure) for \(opened.url.absoluteString)", httpStatus: status)
        }
    }

    /// Records the version a body belongs to, dropping held bytes that do not belong to it.
    private func adopt(_ body: BodyPlan, head: ResponseHead, file: PartFile, plan: RequestPlan) async throws {
        if body.discardsPartial {
            if held > 0 {
                // A 200 to a ranged request with `If-Range` is how a server says the file changed: say that, not
                // that it ignored the range, when its validator differs from the one the bytes belong to.
                let changed = identity.map { !$0.isSameVersion(as: body.identity) } ?? false
                emit(.restarted(reason: plan.range == nil
                    ? "the partial file cannot be proven current (no strong validator)"
                    : changed ? RestartReason.versionChanged.description
                    : "the server sent the whole file instead of the requested range"))
            }
            try await discardPartial(file: file, newIdentity: body.identity)
        } else if identity != body.identity {
            identity = body.identity
            record.setIdentity(identity)
            try store.saveResource(of: record)
        }
        try ContentDispositionNaming.adopt(head, request: request, record: &record, store: store, emit: emit)
        if let total = identity?.totalLength {
            // Reserve the whole file now: a full disk shows up before the transfer, not in the middle of it, and
            // the file system allocates once instead of on every extending write (measured here on ext4: 1 GiB in
            // 1.2 s instead of 1.8-3.2 s, with a third of the system time).
            try file.preallocate(length: total)
        }
        counters.set(bytesDone: held, totalBytes: identity?.totalLength)
    }

    /// Forgets every held byte, durably, before any byte of another version is written.
    private func discardPartial(file: PartFile, newIdentity: ResourceIdentity?) async throws {
        held = 0
        digest?.reset()
        identity = newIdentity
        try file.truncate(to: 0)
        record.setIdentity(newIdentity)
        try store.saveResource(of: record)
        try store.saveSegments([segmentRecord()], of: id)
        counters.set(bytesDone: 0, totalBytes: newIdentity?.totalLength)
    }

    /// Streams a body into the file (large chunks directly, small ones gathered) and checkpoints about once a second.
    private func receive(
        _ body: HTTPClientResponseBodyStream,
        plan: BodyPlan,
        file: PartFile,
        checkpointer: Checkpointer<SegmentRecord>
    ) async throws {
        let writer = CoalescingWriter(file: file, startingAt: plan.offset)
        let limit = plan.expectedLength.map { plan.offset + $0 }
        counters.setActiveConnections(1)
        defer { counters.setActiveConnections(0) }
        var lastFlush = MonotonicClock.system.now()
        var lowSpeed = LowSpeedGuard(
            rule: configuration.lowestSpeed, now: lastFlush, bandwidth: transport.bandwidth, download: id,
            host: request.url.host ?? "the server"
        )
        do {
            for try await chunk in body {
                if let limit, writer.offset + Int64(chunk.readableBytes) > limit {
                    throw HaulError(.protocolViolation, "the server sent more bytes than it announced")
                }
                digest?.feed(chunk, at: writer.offset)
                var flushed = try writer.append(chunk)
                await transport.bandwidth.pace(chunk.readableBytes, download: id)
                let now = MonotonicClock.system.now()
                try lowSpeed.check(received: writer.offset - plan.offset, now: now)
                if !flushed, now - lastFlush >= configuration.checkpointInterval {
                    // A slow connection may take long to fill the buffer: write what there is, so a checkpoint can
                    // count it and a crash loses at most about one interval of bytes.
                    try writer.flush()
                    flushed = true
                }
                if flushed {
                    lastFlush = now
                    held = max(held, writer.flushedOffset)
                    checkpointer.checkpointIfDue(segmentRecord(), now: now)
                    try checkpointer.check()
                }
                counters.setBytesDone(max(held, writer.offset))
            }
            try writer.flush()
            held = max(held, writer.flushedOffset)
        } catch {
            // Keep every byte that arrived: it is part of the right version and saves a re-fetch.
            try writer.flush()
            held = max(held, writer.flushedOffset)
            counters.setBytesDone(held)
            if Task.isCancelled { throw CancellationError() }
            if let error = error as? HaulError, error.kind != .network { throw error }
            throw RetryableFailure(error: HTTPTransport.networkError(error, url: request.url))
        }
        if let limit, writer.flushedOffset < limit {
            let host = request.url.host ?? "the server"
            throw RetryableFailure(
                error: HaulError(.network, "\(host) ended the response after \(writer.flushedOffset - plan.offset) of \(limit - plan.offset) bytes")
            )
        }
    }

    /// Rule 18: flush, sync, rename, sync the directory, then record completion.
    private func finish(file: PartFile, checkpointer: Checkpointer<SegmentRecord>) async throws -> TransferOutcome {
        await checkpointer.waitForInFlight()
        try checkpointer.check()
        if identity?.totalLength == nil {
            var known = identity ?? ResourceIdentity(entityTag: nil, lastModified: nil, totalLength: nil, lastModifiedIsStrong: false)
            known.totalLength = held
            identity = known
            record.setIdentity(known)
        }
        let path = try TransferFinisher.finish(
            file: file, record: &record, request: request, store: store, length: held, segments: [segmentRecord()],
            streamedDigest: digest?.digest(ofLength: held)
        )
        counters.set(bytesDone: held, totalBytes: held)
        return .completed(path: path)
    }

    private func stop(_ checkpointer: Checkpointer<SegmentRecord>) async throws -> TransferOutcome {
        try await checkpointer.checkpointNow(segmentRecord())
        return .stopped
    }

    private func segmentRecord() -> SegmentRecord {
        SegmentRecord(downloadId: id, start: 0, end: identity?.totalLength, next: held)
    }
}

typealias HTTPClientResponseBodyStream = AsyncHTTPClientBody
