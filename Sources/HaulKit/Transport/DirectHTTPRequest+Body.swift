import CHaulSystem
import Foundation
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif
import HaulCore
import NIOConcurrencyHelpers
import NIOCore

/// The body side of a `DirectHTTPRequest`: the stream handed to the engine, fed with backpressure as the framing
/// says, and the connection given back to the pool (`PoolLease`) after a complete response.
extension DirectHTTPRequest {
    /// Hands the head over with a body stream, then feeds the stream as it asks for more. A connection whose
    /// response ended where its framing says, and that the server keeps open, goes back to the pool (and `socket`
    /// becomes -1) before the stream ends: the next request, which may follow at once, finds it there.
    func stream(_ head: HTTP1Response.Head, socket: inout Int32, pending: ByteBuffer) throws {
        let framing: HTTP1Response.Framing
        do { framing = try HTTP1Response.framing(of: head) } catch { throw malformed(error) }
        let demand = Demand(request: self)
        guard install(demand) else { throw CancellationError() }
        let source = handOver(head, demand: demand)
        do {
            let complete = try feed(framing, source: source, demand: demand, socket: socket, pending: pending)
            letGoOfSink()
            // A TLS connection is kept with its session (taken from the request's `TLSSlot`), unless decrypted
            // bytes beyond the response wait in it.
            if complete, head.keepsConnectionOpen, let lease, !isCancelled, tls.connection?.hasBufferedBytes != true {
                lease.finish(keeping: socket, tls: tls.take())
                socket = -1
            }
            source.finish()
        } catch {
            letGoOfSink()
            source.finish(isCancelled ? CancellationError() : error)
        }
    }

    /// Drops the reader's sink once the thread writes no more, before the stream ends (see `SinkSlot`).
    private func letGoOfSink() {
        sink.withLockedValue { $0 = SinkSlot(sink: nil, ended: true) }
    }

    /// Makes `demand` the one a `cancel()` ends; `false` when the request was cancelled already (between the head's
    /// arrival and now). Then nothing may be streamed: that cancel found no demand to end, and a thread that fed a
    /// body nobody takes would wait for it forever, holding its connection (a guess that gave way to a host's last
    /// connection kept it until the transport shut down; seen once in CI as a request waiting 10 s).
    func install(_ demand: Demand) -> Bool {
        wake.withLockedValue { wake in
            guard !wake.cancelled else { return false }
            wake.demand = demand
            return true
        }
    }

    /// Delivers the head with a new body stream and returns the stream's source. The stream itself is not kept:
    /// when its reader drops it (or nobody takes the response), the demand hears `didTerminate` and the thread stops.
    func handOver(_ head: HTTP1Response.Head, demand: Demand) -> Source {
        let made = NIOThrowingAsyncSequenceProducer.makeSequence(
            elementType: BodyChunk.self,
            backPressureStrategy: NIOAsyncSequenceProducerBackPressureStrategies.HighLowWatermark(lowWatermark: 1, highWatermark: 1),
            finishOnDeinit: true,
            delegate: demand
        )
        let body = ResponseBody.producer(made.sequence, attach: { [self] sink in
            self.sink.withLockedValue { slot in if !slot.ended { slot.sink = sink } }
        })
        deliver(.success(Response(head: head, body: body)))
        return made.source
    }

    /// Yields the bytes of a slice of the head buffer (read with the head, or a chunked body's data), wrapped
    /// without a copy (`BodyBytes.init(_:)`), as `yield(_:to:demand:last:)`.
    func yield(_ buffer: ByteBuffer, to source: Source, demand: Demand, last: Bool = false) -> Bool {
        yield(BodyChunk(BodyBytes(buffer)), to: source, demand: demand, last: last)
    }

    /// Yields one chunk (bytes, or a notice of bytes written through the sink), as `yield(_:to:demand:last:)`.
    func yield(_ chunk: BodyChunk, to source: Source, demand: Demand, last: Bool = false) -> Bool {
        switch source.yield(chunk) {
        case .produceMore: return true
        case .stopProducing: return last || demand.awaitMore()
        case .dropped: return false
        }
    }

    typealias Source = BodySequence.Source

    /// Feeds the body to `source`. Returns whether it ended exactly where its framing says, with no byte read past
    /// it and its reader still there: only then may the connection serve another request.
    func feed(
        _ framing: HTTP1Response.Framing, source: Source, demand: Demand, socket: Int32, pending: ByteBuffer
    ) throws -> Bool {
        var pending = pending
        switch framing {
        case .empty:
            return pending.readableBytes == 0
        case .length(let length):
            var remaining = length
            // Bytes beyond the length belong to nothing this connection will read: they are dropped, and the
            // connection with them.
            let clean = Int64(pending.readableBytes) <= length
            if pending.readableBytes > 0, remaining > 0 {
                let take = Int(min(Int64(pending.readableBytes), remaining))
                remaining -= Int64(take)
                guard yield(pending.readSlice(length: take)!, to: source, demand: demand, last: remaining == 0) else {
                    return false
                }
            }
            var splice = SplicePipe()
            defer { splice.close() }
            var decrypted = DecryptionBuffer()
            defer { decrypted.free() }
            while remaining > 0 {
                let offset = length - remaining
                if let moved = try spliceIntoSink(socket, pipe: &splice, bodyOffset: offset, remaining: remaining)
                    ?? decryptIntoSink(socket, buffer: &decrypted, bodyOffset: offset, remaining: remaining)
                {
                    guard moved > 0 else { return false }  // the reader closed its sink: it is gone
                    remaining -= Int64(moved)
                    guard yield(BodyChunk.written(moved), to: source, demand: demand, last: remaining == 0) else { return false }
                    continue
                }
                // Read straight into memory of Haul's own that the chunk then holds: no copy (`BodyBytes`).
                let limit = Int(min(remaining, Int64(HTTPTransport.largestRead)))
                let storage = BodyStorage(capacity: limit)
                let count = try receive(socket, into: storage.memory, limit: limit)
                guard count > 0 else { throw closedEarly() }
                remaining -= Int64(count)
                guard yield(BodyChunk(storage.bytes(count: count)), to: source, demand: demand, last: remaining == 0) else {
                    return false
                }
            }
            return clean
        case .untilClose:
            if pending.readableBytes > 0 {
                guard yield(pending, to: source, demand: demand) else { return false }
            }
            while true {
                let storage = BodyStorage(capacity: HTTPTransport.largestRead)
                let count = try receive(socket, into: storage.memory, limit: HTTPTransport.largestRead)
                guard count > 0 else { return false }
                guard yield(BodyChunk(storage.bytes(count: count)), to: source, demand: demand) else { return false }
            }
        case .chunked:
            // Every chunk at hand is decoded at once, its data gathered in place into one slice: one hand-off to
            // the stream per read, however small the chunks (issue 33, point 9).
            var decoder = ChunkedBodyDecoder()
            while true {
                if pending.readableBytes > 0 {
                    let batch: ChunkedBodyDecoder.Batch
                    do { batch = try pending.withUnsafeMutableReadableBytes { try decoder.decode(inPlace: $0) } } catch {
                        throw malformed(error)
                    }
                    pending.moveReaderIndex(forwardBy: batch.dataStart)
                    let data = pending.readSlice(length: batch.dataCount)!
                    pending.moveReaderIndex(forwardBy: batch.consumed - batch.dataStart - batch.dataCount)
                    if batch.dataCount > 0 {
                        guard yield(data, to: source, demand: demand, last: batch.ended) else { return false }
                    }
                    if batch.ended { return pending.readableBytes == 0 }
                }
                pending.discardReadBytes()
                guard try receive(socket, into: &pending, limit: HTTPTransport.largestRead) > 0 else { throw closedEarly() }
            }
        }
    }

    /// The body stream's side of the backpressure: the thread waits here while the stream holds enough.
    final class Demand: NIOAsyncSequenceProducerDelegate, Sendable {
        /// 1 once the stream asked for more or ended, 0 while the thread should wait.
        private let wake = ConditionLock(value: 0)
        private let ended = NIOLockedValueBox(false)
        private let request: DirectHTTPRequest

        init(request: DirectHTTPRequest) { self.request = request }

        func produceMore() {
            wake.lock()
            wake.unlock(withValue: 1)
        }

        func didTerminate() {
            end()
            // The reader is gone (done, cancelled or dropped): stop a read that is waiting on the socket.
            request.cancel()
        }

        /// Wakes the thread for good: it stops feeding the stream.
        func end() {
            ended.withLockedValue { $0 = true }
            wake.lock()
            wake.unlock(withValue: 1)
        }

        /// Waits until the stream asks for more (`true`) or ends (`false`).
        func awaitMore() -> Bool {
            wake.lock(whenValue: 1)
            wake.unlock(withValue: 0)
            return !ended.withLockedValue { $0 }
        }
    }
}
