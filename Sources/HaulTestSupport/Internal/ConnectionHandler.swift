import NIOCore
import NIOHTTP1

/// Serves one TCP connection: answers requests in order, writing each body in slices with backpressure,
/// throttled by timers and cut short (closed or stalled) as the ``TestResponse`` asks. Never blocks the event loop.
final class ConnectionHandler: ChannelInboundHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = ByteBuffer

    /// The most body bytes written at once.
    static let sliceSize = 64 * 1024

    /// A response being written.
    private struct Transfer {
        var plan: ResponsePlan
        var sent = 0
        var started: NIODeadline
        /// Interim responses still to send before the head.
        var interimLeft = 0
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
    private var queue: [ResponsePlan] = []
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
            requestBody = []
            let response = core.respond(to: withBody)
            queue.append(ResponsePlan(response, isHeadRequest: head.method == .HEAD, requestKeepAlive: head.isKeepAlive))
            if transfer == nil && timer == nil { startNext() }
        }
    }

    /// Cancels timers and forgets all work; the connection is closing or closed.
    private func stop() {
        isDone = true
        timer?.cancel()
        timer = nil
        transfer = nil
        queue.removeAll()
    }

    private func startNext() {
        guard !isDone, !queue.isEmpty else { return }
        let plan = queue.removeFirst()
        if let delay = plan.headDelay, delay > .zero, let context {
            let (seconds, attoseconds) = delay.components
            let nanoseconds = seconds * 1_000_000_000 + attoseconds / 1_000_000_000
            timer = context.eventLoop.assumeIsolated().scheduleTask(in: .nanoseconds(nanoseconds)) {
                self.timer = nil
                self.begin(plan)
            }
        } else {
            begin(plan)
        }
    }

    private func begin(_ plan: ResponsePlan) {
        guard !isDone, context != nil else { return }
        transfer = Transfer(plan: plan, started: .now(), interimLeft: plan.interimResponses)
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
            guard context.channel.isWritable else {
                context.flush()
                return false
            }
            let count = min(current.interimLeft, 1024)
            var buffer = context.channel.allocator.buffer(capacity: count * Self.interim.count)
            for _ in 0..<count { buffer.writeBytes(Self.interim) }
            context.write(wrapOutboundOut(buffer), promise: nil)
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
            var count = min(Self.sliceSize, plan.sendCount - current.sent)
            if let rate = plan.bytesPerSecond {
                let minimumSlice = min(count, max(1, rate / 20))
                let elapsed = Double((NIODeadline.now() - current.started).nanoseconds) / 1e9
                let allowed = Int(Double(rate) * elapsed) - current.sent
                if allowed < minimumSlice {
                    let wait = Double(current.sent + minimumSlice) / Double(rate) - elapsed
                    timer = context.eventLoop.assumeIsolated().scheduleTask(
                        in: .nanoseconds(max(1_000_000, Int64(wait * 1e9)))
                    ) {
                        self.timer = nil
                        self.pump()
                    }
                    break
                }
                count = min(count, allowed)
            }
            writeSlice(context, plan, from: current.sent, count: count)
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
