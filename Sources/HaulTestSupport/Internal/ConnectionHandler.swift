import NIOCore
import NIOHTTP1

/// Serves one TCP connection: answers requests in order, writing each body in slices with backpressure,
/// throttled by timers (the response's own rate, and its share of the server's shared bandwidth) and cut short
/// (closed or stalled) as the ``TestResponse`` asks. Never blocks the event loop.
///
/// Each admitted request is in flight (``ClientRequestLimit``) until its response is complete, or until the
/// connection closes for one that stalls or is cut short.
final class ConnectionHandler: ChannelInboundHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = ByteBuffer

    /// The most body bytes written at once.
    static let sliceSize = 64 * 1024

    /// A response being written.
    fileprivate struct Transfer {
        var plan: ResponsePlan
        var sent = 0
        var started: NIODeadline
        /// Interim responses still to send before the head.
        var interimLeft = 0
        /// Whether the request holds a place in flight, given back when the response is complete.
        var holdsSlot = false
        /// Whether its body counts among the bodies sharing the server's bandwidth.
        var isSender = false
        /// Body bytes its share of the shared bandwidth allows and it has not sent yet, and since when they were
        /// counted.
        var credit = 0.0
        var creditSince: NIODeadline
    }

    /// A response waiting its turn, and whether its request holds a place in flight.
    private struct Queued {
        var plan: ResponsePlan
        var holdsSlot: Bool
    }

    /// One interim response, as a flood sends it.
    private static let interim = Array("HTTP/1.1 100 Continue\r\n\r\n".utf8)

    private let core: ServerCore
    private let connectionID: Int
    private var context: ChannelHandlerContext?
    private var requestHead: HTTPRequestHead?
    /// The body of the request being read (web hook tests read what was POSTed).
    private var requestBody: [UInt8] = []
    /// Responses waiting for the one in progress (pipelined requests).
    private var queue: [Queued] = []
    /// Requests of this connection in flight (admitted, not yet complete): given back when the connection closes.
    private var slotsHeld = 0
    /// The client's address, as requests in flight are counted.
    private var clientAddress = ""
    private var transfer: Transfer?
    private var timer: Scheduled<Void>?
    /// Set once the connection will send nothing more: stalled, closing or closed.
    private var isDone = false

    init(core: ServerCore, connectionID: Int) {
        self.core = core
        self.connectionID = connectionID
    }

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
        clientAddress = context.channel.remoteAddress?.ipAddress ?? ""
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        stop()
        self.context = nil
    }

    func channelInactive(context: ChannelHandlerContext) {
        stop()
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        stop()
        context.close(promise: nil)
    }

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        if context.channel.isWritable { pump() }
        context.fireChannelWritabilityChanged()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head):
            requestHead = head
            requestBody = []
        case .body(let buffer):
            requestBody.append(contentsOf: buffer.readableBytesView)
        case .end:
            guard let head = requestHead else { return }
            requestHead = nil
            let request = TestRequest(
                method: head.method.rawValue,
                uri: head.uri,
                headers: head.headers.map { (name: $0.name, value: $0.value) },
                connectionID: connectionID
            )
            var withBody = request
            withBody.body = requestBody
            withBody.clientAddress = clientAddress
            requestBody = []
            let (response, holdsSlot) = core.admit(withBody)
            if holdsSlot { slotsHeld += 1 }
            let plan = ResponsePlan(response, isHeadRequest: head.method == .HEAD, requestKeepAlive: head.isKeepAlive)
            queue.append(Queued(plan: plan, holdsSlot: holdsSlot))
            if transfer == nil && timer == nil { startNext() }
        }
    }

    /// Cancels timers and forgets all work; the connection is closing or closed.
    private func stop() {
        isDone = true
        timer?.cancel()
        timer = nil
        if transfer?.isSender == true { core.senderChanged(sending: false) }
        transfer = nil
        queue.removeAll()
        core.requestsFinished(client: clientAddress, count: slotsHeld)
        slotsHeld = 0
    }

    private func startNext() {
        guard !isDone, !queue.isEmpty else { return }
        let next = queue.removeFirst()
        let plan = next.plan
        if let delay = plan.headDelay, delay > .zero, let context {
            let (seconds, attoseconds) = delay.components
            let nanoseconds = seconds * 1_000_000_000 + attoseconds / 1_000_000_000
            timer = context.eventLoop.assumeIsolated().scheduleTask(in: .nanoseconds(nanoseconds)) {
                self.timer = nil
                self.begin(plan, holdsSlot: next.holdsSlot)
            }
        } else {
            begin(plan, holdsSlot: next.holdsSlot)
        }
    }

    private func begin(_ plan: ResponsePlan, holdsSlot: Bool) {
        guard !isDone, context != nil else { return }
        let isSender = plan.expectsBody && plan.sendCount > 0
        if isSender { core.senderChanged(sending: true) }
        transfer = Transfer(
            plan: plan, started: .now(), interimLeft: plan.interimResponses, holdsSlot: holdsSlot, isSender: isSender,
            creditSince: .now()
        )
        if plan.interimResponses == 0 { writeHead(plan) }
        pump()
    }

    private func writeHead(_ plan: ResponsePlan) {
        guard let context else { return }
        var buffer = context.channel.allocator.buffer(capacity: plan.head.utf8.count)
        buffer.writeString(plan.head)
        context.write(wrapOutboundOut(buffer), promise: nil)
    }

    /// Writes interim responses while the channel is writable, then the head; `false` while some are left.
    private func pumpInterim(_ context: ChannelHandlerContext, _ current: inout Transfer) -> Bool {
        while current.interimLeft > 0 {
            // A client that gave up closed the connection: a closed channel can stay "writable" (nothing is
            // pending), and an endless flood (`interimResponses = .max`) would then spin here on the event loop
            // for ever, holding the test's server shutdown (seen under load).
            guard context.channel.isActive else { return false }
            guard context.channel.isWritable else {
                context.flush()
                return false
            }
            let count = min(current.interimLeft, 1024)
            var buffer = context.channel.allocator.buffer(capacity: count * Self.interim.count)
            for _ in 0..<count { buffer.writeBytes(Self.interim) }
            // Flushed as written: behind NIOSSL (`TestServer.start(tls:)`) the channel stays writable until a
            // flush, so a loop that waits for it to fill would encrypt the whole flood at once.
            context.writeAndFlush(wrapOutboundOut(buffer), promise: nil)
            current.interimLeft -= count
        }
        writeHead(current.plan)
        current.started = .now()
        return true
    }

    /// Writes body slices while the channel is writable and the throttle allows; finishes the response when all are out.
    private func pump() {
        guard !isDone, timer == nil, let context, var current = transfer else { return }
        if current.interimLeft > 0 {
            let done = pumpInterim(context, &current)
            transfer = current
            guard done else { return }
        }
        let plan = current.plan
        while current.sent < plan.sendCount && context.channel.isWritable {
            let wanted = min(Self.sliceSize, plan.sendCount - current.sent)
            let (count, wait) = Self.throttled(wanted, &current, share: core.bandwidthShare)
            if let wait {
                timer = context.eventLoop.assumeIsolated().scheduleTask(
                    in: .nanoseconds(max(1_000_000, Int64(wait * 1e9)))
                ) {
                    self.timer = nil
                    self.pump()
                }
                break
            }
            writeSlice(context, plan, from: current.sent, count: count)
            context.flush()  // as each interim response is: the channel's writability means something behind TLS too
            current.sent += count
        }
        transfer = current
        if current.sent >= plan.sendCount {
            finish(context, current)
        } else {
            context.flush()  // also sends the head before a throttled body's first slice
        }
    }

    private func writeSlice(_ context: ChannelHandlerContext, _ plan: ResponsePlan, from offset: Int, count: Int) {
        let start = plan.bodyStart + offset
        let bytes = plan.bodyStorage[start..<(start + count)]
        var buffer = context.channel.allocator.buffer(capacity: count + 16)
        if plan.chunked, let size = plan.chunkSize, size < count {
            let sizeLine = Array((String(size, radix: 16) + "\r\n").utf8), crlf: [UInt8] = [13, 10]
            buffer.reserveCapacity(count + (count / size + 1) * (sizeLine.count + 2))
            var at = bytes.startIndex
            while at < bytes.endIndex {
                let piece = bytes[at..<min(at + size, bytes.endIndex)]
                if piece.count == size {
                    buffer.writeBytes(sizeLine)
                } else {
                    buffer.writeString(String(piece.count, radix: 16) + "\r\n")
                }
                buffer.writeBytes(piece)
                buffer.writeBytes(crlf)
                at = piece.endIndex
            }
        } else if plan.chunked {
            buffer.writeString(String(count, radix: 16) + "\r\n")
            buffer.writeBytes(bytes)
            buffer.writeString("\r\n")
        } else {
            buffer.writeBytes(bytes)
        }
        context.write(wrapOutboundOut(buffer), promise: nil)
    }

    private func finish(_ context: ChannelHandlerContext, _ done: Transfer) {
        transfer = nil
        if done.isSender { core.senderChanged(sending: false) }
        // A complete response ends its request; one that stalls or is cut short holds its place until the
        // connection closes (`stop()`), as a server still busy with it would.
        if done.holdsSlot, case .complete = done.plan.ending {
            slotsHeld -= 1
            core.requestsFinished(client: clientAddress, count: 1)
        }
        switch done.plan.ending {
        case .stall:
            isDone = true
            queue.removeAll()
            context.flush()
        case .close:
            closeAfterFlush(context)
        case .complete(let closeConnection):
            if done.plan.chunked && done.plan.expectsBody {
                var buffer = context.channel.allocator.buffer(capacity: 5)
                buffer.writeString("0\r\n\r\n")
                context.write(wrapOutboundOut(buffer), promise: nil)
            }
            if closeConnection {
                closeAfterFlush(context)
            } else {
                context.flush()
                startNext()
            }
        }
    }

    /// Closes the connection once every byte written so far has reached the socket.
    private func closeAfterFlush(_ context: ChannelHandlerContext) {
        isDone = true
        queue.removeAll()
        let flushed = context.eventLoop.makePromise(of: Void.self)
        context.writeAndFlush(wrapOutboundOut(context.channel.allocator.buffer(capacity: 0)), promise: flushed)
        flushed.futureResult.assumeIsolated().whenComplete { _ in
            context.close(promise: nil)
        }
    }
}

extension ConnectionHandler {
    /// How many of `wanted` body bytes may go now, or how long to wait first: the response's own rate (bytes sent
    /// since its head against the time since) and its `share` of the server's shared bandwidth (a credit that
    /// grows at the share's rate, at most a quarter second of it banked, so a body that could not be sent for a
    /// while does not burst). Slices are at least a twentieth of a second's worth, so timers stay few.
    fileprivate static func throttled(_ wanted: Int, _ current: inout Transfer, share: Double?) -> (count: Int, wait: Double?) {
        let now = NIODeadline.now()
        var count = wanted
        if let rate = current.plan.bytesPerSecond, current.plan.throttledWhile?.isOn ?? true {
            let minimumSlice = min(count, max(1, rate / 20))
            let elapsed = Double((now - current.started).nanoseconds) / 1e9
            let allowed = Int(Double(rate) * elapsed) - current.sent
            if allowed < minimumSlice {
                return (0, Double(current.sent + minimumSlice) / Double(rate) - elapsed)
            }
            count = min(count, allowed)
        }
        if let share {
            let since = Double((now - current.creditSince).nanoseconds) / 1e9
            current.credit = min(current.credit + share * since, max(share / 4, 1))
            current.creditSince = now
            let minimumSlice = min(count, max(1, Int(share / 20)))
            if current.credit < Double(minimumSlice) {
                return (0, (Double(minimumSlice) - current.credit) / share)
            }
            count = min(count, Int(current.credit))
            current.credit -= Double(count)
        }
        return (count, nil)
    }
}
