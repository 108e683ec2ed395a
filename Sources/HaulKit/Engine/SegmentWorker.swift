import Foundation
import HaulCore
import NIOCore

/// How one connection of a segmented download ended.
enum SegmentWorkerResult: Sendable {
    /// The file is complete.
    case complete
    /// Nothing left worth taking; the connection closed.
    case idle
    /// Stopped from outside (pause, or the planner replaced a stalled connection).
    case cancelled
    /// A transient failure; the segment waits for a fresh connection after the backoff.
    case failed(HaulError, retryAfterSeconds: Int64?)
    /// The server refused this range (429, 503, 403): fewer connections from now on.
    case gaveUp(status: Int, HaulError)
    /// The server does not honour ranges reliably (a 200, a wrong 206, a 416): fall back to one connection.
    case rangesUnreliable(String)
    /// The file changed on the server: every partial byte must go.
    case versionChanged
    /// A failure that retrying cannot fix (404, disk full, ...).
    case fatal(HaulError)
}

/// One connection of a segmented download: requests its assigned range, writes it at absolute offsets, reports to
/// the coordinator after every flushed buffer, and takes the next assignment when its segment is done.
struct SegmentWorker: Sendable {
    let connection: ConnectionID
    /// The download's id, for its bandwidth limit.
    let download: Int64
    let url: URL
    let headers: [HeaderField]
    /// The download's cookies and proxy choice (sent per request URL, added to by `Set-Cookie`).
    let session: RequestSession?
    let identity: ResourceIdentity
    let file: PartFile
    let transport: any Transport
    let coordinator: SegmentCoordinator
    let flushInterval: Double
    /// Asks the runner to cancel a connection whose whole remaining range this one has taken over.
    let cancelConnection: @Sendable (ConnectionID) -> Void

    /// Works through assignments until there is nothing left, a failure, or cancellation.
    func run(_ first: SegmentAssignment, response: OpenedResponse?) async -> SegmentWorkerResult {
        var assignment = first
        var pending = response
        while true {
            if Task.isCancelled { return .cancelled }
            let plan = RequestPlan.fetch(assignment.range, of: identity)
            let opened: OpenedResponse
            if let response = pending {
                opened = response
                pending = nil
            } else {
                do {
                    opened = try await transport.open(url, plan: plan, extraHeaders: headers, session: session)
                } catch {
                    if Task.isCancelled { return .cancelled }
                    let error = HaulError.wrap(error)
                    return error.kind == .network ? .failed(error, retryAfterSeconds: nil) : .fatal(error)
                }
            }
            let body: BodyPlan
            switch judge(opened, plan: plan) {
            case .proceed(let accepted): body = accepted
            case .stop(let result): return result
            }
            switch await receive(opened.body, body: body, assignment: assignment) {
            case .reachedEnd:
                break
            case .stopped(let result):
                return result
            }
            do {
                switch try await coordinator.finished(connection) {
                case .assign(let next):
                    if let replaced = next.replaces { cancelConnection(replaced) }
                    assignment = next
                case .idle: return .idle
                case .complete: return .complete
                }
            } catch {
                return .cancelled  // replaced meanwhile: the planner no longer knows this connection
            }
        }
    }

    private enum Judgement {
        case proceed(BodyPlan)
        case stop(SegmentWorkerResult)
    }

    private func judge(_ opened: OpenedResponse, plan: RequestPlan) -> Judgement {
        let verdict = ResponseJudge.judge(opened.head, to: plan, known: identity, heldBytes: 0, now: Int64(Date().timeIntervalSince1970))
        let host = opened.url.host ?? "the server"
        switch verdict {
        case .accept(let body):
            if body.discardsPartial {
                // A whole file in answer to If-Range: either the file changed (docs/http-rules.md rule 7) or ranges
                // are not honoured.
                if !identity.isSameVersion(as: body.identity) { return .stop(.versionChanged) }
                return .stop(.rangesUnreliable("\(host) answered a range request with the whole file"))
            }
            // A 200 from byte 0 must still be the version the other connections fetch (docs/http-rules.md rule 7).
            if plan.range == nil, !identity.isSameVersion(as: body.identity) { return .stop(.versionChanged) }
            return .proceed(body)
        case .complete:
            return .stop(.rangesUnreliable("\(host) answered a range with 416"))
        case .restart(.versionChanged):
            return .stop(.versionChanged)
        case .restart(let reason):
            return .stop(.rangesUnreliable(reason.description))
        case .retry(let status, let retryAfter):
            let error = HaulError(.http, "HTTP \(status) \(HTTPStatusText.reason(status)) from \(host)", httpStatus: status)
            if SegmentPlanner.connectionLimitStatuses.contains(status) { return .stop(.gaveUp(status: status, error)) }
            return .stop(.failed(error, retryAfterSeconds: retryAfter))
        case .redirect(let status, let location):
            return .stop(.fatal(HaulError(.http, "unfollowed redirect \(status) to \(location)", httpStatus: status)))
        case .fail(let failure):
            var status: Int?
            if case .httpStatus(let code) = failure { status = code }
            let error = HaulError(.http, "\(failure) for \(opened.url.absoluteString)", httpStatus: status)
            if status == 403 { return .stop(.gaveUp(status: 403, error)) }
            return .stop(.fatal(error))
        }
    }

    private enum ReceiveEnd {
        case reachedEnd
        case stopped(SegmentWorkerResult)
    }

    /// Written bytes between two reports to the coordinator: one actor call per 256 KiB keeps it off the hot path,
    /// and a shrunk end is heard of within 256 KiB.
    static let reportBytes: Int64 = 256 << 10

    /// Streams `body` into the file from `body.offset`, never past the segment's (possibly shrinking) end.
    private func receive(_ stream: AsyncHTTPClientBody, body: BodyPlan, assignment: SegmentAssignment) async -> ReceiveEnd {
        // Large chunks go straight to the file; the writer gathers only small ones (see `CoalescingWriter`).
        let writer = CoalescingWriter(file: file, startingAt: body.offset)
        var end = assignment.end
        var reported = assignment.start
        var lastReport = MonotonicClock.system.now()

        /// Reports flushed bytes; returns false when the segment's end is reached or the connection was replaced.
        func report() async -> Bool? {
            let offset = min(writer.flushedOffset, end)
            guard offset > reported else { return writer.offset < end }
            do {
                let (action, current) = try await coordinator.received(connection, upTo: offset)
                reported = offset
                end = current
                return action == .keepReceiving && writer.offset < end
            } catch {
                return nil
            }
        }

        do {
            var iterator = stream.makeAsyncIterator()
            while writer.offset < end, var chunk = try await iterator.next() {
                let room = end - writer.offset
                if Int64(chunk.readableBytes) > room { chunk = chunk.getSlice(at: chunk.readerIndex, length: Int(room))! }
                try writer.append(chunk)
                await transport.bandwidth.pace(chunk.readableBytes, download: download)
                let now = MonotonicClock.system.now()
                // A slow connection writes out what it gathered at least every `flushInterval`.
                let due = now - lastReport >= flushInterval
                if due || writer.offset >= end { try writer.flush() }
                if due || writer.flushedOffset >= end || writer.flushedOffset - reported >= Self.reportBytes {
                    lastReport = now
                    guard let keepGoing = await report() else { return .stopped(.cancelled) }
                    if !keepGoing { break }
                }
            }
            try writer.flush()
            guard await report() != nil else { return .stopped(.cancelled) }
            if let expected = body.expectedLength, body.offset + expected == writer.offset {
                // Read the end of the message so that the connection goes back to the pool for the next range.
                _ = try? await iterator.next()
            }
        } catch {
            try? writer.flush()
            _ = await report()
            if Task.isCancelled { return .stopped(.cancelled) }
            if let error = error as? HaulError, error.kind != .network { return .stopped(.fatal(error)) }
            return .stopped(.failed(HTTPTransport.networkError(error, url: url), retryAfterSeconds: nil))
        }
        if writer.flushedOffset < end {
            let host = url.host ?? "the server"
            return .stopped(.failed(HaulError(.network, "\(host) ended a range early"), retryAfterSeconds: nil))
        }
        return .reachedEnd
    }
}
