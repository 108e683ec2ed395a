import Foundation
import NIOCore
import NIOWebSocket

/// JSON-RPC over WebSocket: each text message is a request (single or batch) answered in a text frame; the
/// connection also receives notifications from the `NotificationHub`. Calls on one connection may be answered out
/// of order (their ids tell them apart), as with aria2.
///
/// Every frame written to the connection passes through here, answers and notifications alike, and is counted
/// until the kernel takes it: with the calls in progress and those waiting, that is the `AnswerBacklog` that
/// decides when to answer and read more of a client that does not read its answers.
final class WebSocketRPCHandler: ChannelDuplexHandler {
    typealias InboundIn = WebSocketFrame
    typealias OutboundIn = WebSocketFrame
    typealias OutboundOut = WebSocketFrame

    private let server: ServerContext
    private let secretRequired: Bool
    private var backlog: AnswerBacklog
    /// Messages read and not yet being answered (`AnswerBacklog.waitingCalls`).
    private var waiting: [Data] = []
    /// A close frame was sent: nothing more is read or answered.
    private var closing = false

    init(server: ServerContext, secretRequired: Bool) {
        self.server = server
        self.secretRequired = secretRequired
        backlog = AnswerBacklog(pauseAtBytes: server.limits.maxUnreadAnswerBytes, callsAtOnce: server.limits.maxCallsInProgress)
    }

    func handlerAdded(context: ChannelHandlerContext) {
        server.hub.add(context.channel, secretRequired: secretRequired)
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        server.hub.remove(context.channel)
    }

    func channelInactive(context: ChannelHandlerContext) {
        server.hub.remove(context.channel)
        context.fireChannelInactive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !closing else { return }
        let frame = unwrapInboundIn(data)
        switch frame.opcode {
        case .text:
            let bytes = Data(frame.unmaskedData.readableBytesView)
            guard WebSocketRules.isUTF8(bytes) else { return fail(context, code: .dataInconsistentWithMessage) }
            waiting.append(bytes)
            backlog.received()
            pump(context)
        case .ping:
            send(WebSocketFrame(fin: true, opcode: .pong, data: frame.unmaskedData), context)
        case .connectionClose:
            // Echo the code (`WebSocketFrameCheck` has checked it), then close.
            var data = frame.unmaskedData
            let code = data.readSlice(length: 2) ?? ByteBuffer()
            closing = true
            let channel = context.channel
            send(WebSocketFrame(fin: true, opcode: .connectionClose, data: code), context)
                .whenComplete { _ in channel.close(promise: nil) }
        case .binary:
            close(context, code: .unacceptableData)
        default:
            break  // pong
        }
    }

    /// Starts the waiting calls the backlog allows, then reads again if it allows that.
    private func pump(_ context: ChannelHandlerContext) {
        guard context.channel.isActive else { return }
        while !waiting.isEmpty && !closing && backlog.startNext() {
            call(context, waiting.removeFirst())
        }
        if backlog.resumeReading() { context.read() }
    }

    /// Answers one message on a task; its answer is written from the event loop.
    private func call(_ context: ChannelHandlerContext, _ bytes: Data) {
        let channel = context.channel
        let hub = server.hub
        var authenticated: (@Sendable () -> Void)?
        if secretRequired { authenticated = { @Sendable in hub.authenticated(channel) } }
        let callContext = CallContext(
            secretRequired: secretRequired,
            subscribeProgress: { hub.subscribeProgress(channel) },
            authenticated: authenticated,
            secretShown: server.secretShown
        )
        let endpoint = server.router.endpoint
        let bound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
        let eventLoop = context.eventLoop
        Task {
            let answer = await endpoint.respond(to: bytes, context: callContext)
            eventLoop.execute {
                let (handler, context) = bound.value
                handler.answered(context, answer)
            }
        }
    }

    private func answered(_ context: ChannelHandlerContext, _ answer: Data?) {
        if let answer, context.channel.isActive, !closing {
            send(WebSocketFrame(fin: true, opcode: .text, data: context.channel.allocator.buffer(bytes: answer)), context)
        }
        backlog.callFinished()
        pump(context)
    }

    /// Writes a frame from the pipeline's end, so that `write` counts it like the hub's notifications.
    @discardableResult
    private func send(_ frame: WebSocketFrame, _ context: ChannelHandlerContext) -> EventLoopFuture<Void> {
        context.channel.writeAndFlush(frame)
    }

    // MARK: Backpressure

    func read(context: ChannelHandlerContext) {
        let wasHeld = backlog.readHeld
        if backlog.readRequested() {
            context.read()
        } else if !wasHeld {
            server.load.update { $0.readsPaused += 1 }
        }
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        let bytes = unwrapOutboundIn(data).length
        let tooMuch = server.load.answerQueued(bytes, in: &backlog)
        let written = promise ?? context.eventLoop.makePromise()
        let bound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
        written.futureResult.whenComplete { _ in
            let (handler, context) = bound.value
            handler.taken(context, bytes)
        }
        context.write(data, promise: written)
        if tooMuch { context.close(promise: nil) }
    }

    /// The kernel took `bytes` (or the connection dropped them as it closed).
    private func taken(_ context: ChannelHandlerContext, _ bytes: Int) {
        server.load.answerWritten(bytes, in: &backlog)
        pump(context)
    }

    // MARK: Failing

    func errorCaught(context: ChannelHandlerContext, error: Error) {
        // A frame or message over the size limit, a broken rule (`WebSocketFrameCheck`), or another protocol
        // error: close with the matching code.
        let code: WebSocketErrorCode
        if let violation = error as? WebSocketRuleViolation {
            code = violation.code
        } else if (error as? NIOWebSocketError) == .invalidFrameLength {
            code = .messageTooLarge
        } else {
            code = .protocolError
        }
        fail(context, code: code)
    }

    /// Fails the connection with `code` (protocol errors counted).
    private func fail(_ context: ChannelHandlerContext, code: WebSocketErrorCode) {
        if code != .messageTooLarge { server.load.update { $0.webSocketProtocolErrors += 1 } }
        close(context, code: code)
    }

    private func close(_ context: ChannelHandlerContext, code: WebSocketErrorCode) {
        guard !closing else { return }
        closing = true
        waiting.removeAll()
        var buffer = context.channel.allocator.buffer(capacity: 2)
        buffer.write(webSocketErrorCode: code)
        let channel = context.channel
        send(WebSocketFrame(fin: true, opcode: .connectionClose, data: buffer), context)
            .whenComplete { _ in channel.close(promise: nil) }
    }
}
