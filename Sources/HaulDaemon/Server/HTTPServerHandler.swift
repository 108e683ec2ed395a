import Foundation
import NIOCore
import NIOHTTP1

/// Reads HTTP requests off a connection and writes the answers `DaemonRouter` gives (the checks, `/jsonrpc`, the page).
///
/// A body is collected up to `ServerLimits.maxBodyBytes` and refused past it (413) before more is read. Requests
/// on one connection are answered in order: the next is held until the current answer is written.
///
/// The connection's bounds (issue 33):
/// - a whole request must arrive within `ServerLimits.requestTimeout` of the connection's opening or of its
///   previous answer, else the connection is closed (idle keep-alive, slow heads and bodies);
/// - what it is doing, and whether its calls carried the secret, is told to the server's `ConnectionTable`, which
///   may close it to admit another unless it has shown the secret (issue 58);
/// - answers its client has not read are counted in an `AnswerBacklog`: pipelined requests wait, and are not
///   read, while they pass `ServerLimits.maxUnreadAnswerBytes`.
final class HTTPServerHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundIn = HTTPServerResponsePart
    typealias OutboundOut = HTTPServerResponsePart

    private let server: ServerContext
    private var head: HTTPRequestHead?
    private var body = ByteBuffer()
    private var refusedBody = false
    /// Requests read and not yet being answered (`AnswerBacklog.waitingCalls`).
    private var pending: [(HTTPRequestHead, ByteBuffer)] = []
    private var backlog: AnswerBacklog
    /// Closes the connection unless a whole request arrives first.
    private var deadline: Scheduled<Void>?

    init(server: ServerContext) {
        self.server = server
        backlog = AnswerBacklog(pauseAtBytes: server.limits.maxUnreadAnswerBytes, callsAtOnce: 1)
    }

    func handlerAdded(context: ChannelHandlerContext) {
        armDeadline(context)
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        // Closed, or upgraded to a WebSocket (which is not timed, and reads on its own terms).
        deadline?.cancel()
        deadline = nil
        if backlog.readHeld { context.read() }
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let requestHead):
            head = requestHead
            body.clear()
            refusedBody = false
            server.connections.update(server.connection, to: .busy)
            if let length = requestHead.headers.first(name: "content-length").flatMap(Int.init),
                length > server.limits.maxBodyBytes
            {
                tooLarge(context, requestHead)
            }
        case .body(var chunk):
            guard !refusedBody, let requestHead = head else { return }
            if body.readableBytes + chunk.readableBytes > server.limits.maxBodyBytes {
                tooLarge(context, requestHead)
                return
            }
            body.writeBuffer(&chunk)
        case .end:
            if refusedBody {
                // The refusal was sent when the body passed the limit; the rest was read and dropped so that the
                // client, still sending, gets the answer instead of a reset connection.
                context.close(promise: nil)
                return
            }
            guard let requestHead = head else { return }
            head = nil
            deadline?.cancel()
            deadline = nil
            pending.append((requestHead, body))
            body = ByteBuffer()
            backlog.received()
            next(context)
        }
    }

    private func tooLarge(_ context: ChannelHandlerContext, _ head: HTTPRequestHead) {
        refusedBody = true
        body.clear()
        let error = JSONRPCEnvelope.response(
            id: .null, .failure(.invalidRequest("the request body is larger than \(server.limits.maxBodyBytes) bytes"))
        )
        write(context, head, status: .payloadTooLarge, contentType: "application/json", body: error.data, close: true, closeNow: false)
    }

    /// Answers the next held request when the backlog allows (none being answered, answers read by the client);
    /// when nothing is left to answer, the connection waits for its next request, timed.
    private func next(_ context: ChannelHandlerContext) {
        guard context.channel.isActive else { return }
        if !pending.isEmpty, backlog.startNext() {
            let (requestHead, requestBody) = pending.removeFirst()
            return route(context, requestHead, requestBody)
        }
        if backlog.resumeReading() { context.read() }
        if pending.isEmpty && backlog.callsInProgress == 0 && head == nil && deadline == nil {
            server.connections.update(server.connection, to: .waiting)
            armDeadline(context)
        }
    }

    private func done(_ context: ChannelHandlerContext) {
        backlog.callFinished()
        next(context)
    }

    /// Starts the time the next request has to arrive in (`ServerLimits.requestTimeout`).
    private func armDeadline(_ context: ChannelHandlerContext) {
        deadline?.cancel()
        let channel = context.channel
        let load = server.load
        deadline = context.eventLoop.scheduleTask(in: TimeAmount(server.limits.requestTimeout)) {
            load.update { $0.closedForTimeout += 1 }
            channel.close(promise: nil)
        }
    }

    /// Answers one request through the router (`DaemonRouter`: the checks, then the RPC or the page) on a task; the
    /// answer is written from the event loop.
    private func route(_ context: ChannelHandlerContext, _ head: HTTPRequestHead, _ requestBody: ByteBuffer) {
        let request = DaemonRequest(
            method: head.method.rawValue, uri: head.uri, headers: head.headers.map { (name: $0.name, value: $0.value) },
            body: Data(requestBody.readableBytesView)
        )
        let router = server.router
        let secretShown = server.secretShown
        let bound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
        let eventLoop = context.eventLoop
        // A short JSON-RPC call starts on this connection's event loop, and a small one is answered there, with
        // the actors it calls (no hop to the pool and back); the endpoint sends any other on to the pool
        // (`SmallCalls`).
        let executor: EventLoopTaskExecutor? =
            SmallCalls.startsOnLoop(method: request.method, uri: request.uri, bodyBytes: request.body.count)
            ? EventLoopTaskExecutor(eventLoop) : nil
        let finish: @Sendable (DaemonResponse) -> Void = { response in
            let (handler, context) = bound.value
            handler.answer(context, head, response)
        }
        Task(executorPreference: executor) {
            let response = await router.respond(to: request, secretShown: secretShown)
            // A call that ends on the loop is answered at once, not queued behind the work of the loop's other
            // connections (which made a small call's p99 higher under a page's polling load).
            if eventLoop.inEventLoop {
                finish(response)
            } else {
                eventLoop.execute { finish(response) }
            }
            withExtendedLifetime(executor) {}  // a task does not keep its preferred executor alive
        }
    }

    private func answer(_ context: ChannelHandlerContext, _ head: HTTPRequestHead, _ response: DaemonResponse) {
        if let chunks = response.chunks {
            return stream(context, head, response, chunks)
        }
        write(
            context, head, status: HTTPResponseStatus(statusCode: response.status), contentType: response.contentType,
            body: response.body, extra: response.headers.map { ($0.name, $0.value) },
            omitBody: head.method == .HEAD, close: response.closesConnection
        )
        done(context)
    }

    private func write(
        _ context: ChannelHandlerContext, _ head: HTTPRequestHead, status: HTTPResponseStatus, contentType: String?,
        body: Data, extra: [(String, String)] = [], omitBody: Bool = false, close: Bool = false, closeNow: Bool = true
    ) {
        guard context.channel.isActive else { return }
        var headers = HTTPHeaders()
        if let contentType { headers.add(name: "Content-Type", value: contentType) }
        headers.add(name: "Content-Length", value: String(body.count))
        for (name, value) in extra { headers.add(name: name, value: value) }
        let keepAlive = head.isKeepAlive && !close
        headers.add(name: "Connection", value: keepAlive ? "keep-alive" : "close")
        context.write(wrapOutboundOut(.head(HTTPResponseHead(version: head.version, status: status, headers: headers))), promise: nil)
        if !omitBody && !body.isEmpty {
            context.write(wrapOutboundOut(.body(.byteBuffer(context.channel.allocator.buffer(bytes: body)))), promise: nil)
        }
        let written = context.writeAndFlush(wrapOutboundOut(.end(nil)))
        // Counted until the kernel takes the answer: the `.end` is written last, so its completion covers it all.
        let bytes = (omitBody ? 0 : body.count) + headers.reduce(32) { $0 + $1.name.utf8.count + $1.value.utf8.count + 4 }
        queued(context, bytes)
        let bound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
        written.whenComplete { _ in
            let (handler, context) = bound.value
            handler.taken(context, bytes)
        }
        if !keepAlive && closeNow {
            let channel = context.channel
            written.whenComplete { _ in channel.close(promise: nil) }
        }
    }

    /// Writes an answer whose body is made as it goes (`DaemonResponse.chunks`): the head, then each chunk once
    /// the socket took the one before (a client that does not read holds one chunk here, the rest waits in the
    /// stream's bounded buffer), then the end. HTTP/1.1 frames it chunked; an HTTP/1.0 client gets it until the
    /// connection closes. Each chunk is counted in the backlog as a whole answer is.
    private func stream(_ context: ChannelHandlerContext, _ head: HTTPRequestHead, _ response: DaemonResponse, _ chunks: AsyncStream<Data>) {
        guard context.channel.isActive else { return done(context) }
        var headers = HTTPHeaders()
        if let contentType = response.contentType { headers.add(name: "Content-Type", value: contentType) }
        for (name, value) in response.headers { headers.add(name: name, value: value) }
        let keepAlive = head.isKeepAlive && !response.closesConnection && head.version != .http1_0
        headers.add(name: "Connection", value: keepAlive ? "keep-alive" : "close")
        context.writeAndFlush(wrapOutboundOut(.head(HTTPResponseHead(version: head.version, status: HTTPResponseStatus(statusCode: response.status), headers: headers))), promise: nil)
        let bound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
        let eventLoop = context.eventLoop
        let writing = Task {
            for await chunk in chunks where !chunk.isEmpty {
                let written = eventLoop.flatSubmit { () -> EventLoopFuture<Void> in
                    let (handler, context) = bound.value
                    guard context.channel.isActive else { return eventLoop.makeFailedFuture(ChannelError.ioOnClosedChannel) }
                    return handler.writeChunk(context, chunk)
                }
                // The next chunk waits for this one to reach the socket; a closed connection ends the answer, and
                // the stream ends `.cancelled` (this task cancelled: its next read ends it) for its maker to stop.
                if (try? await written.get()) == nil { withUnsafeCurrentTask { $0?.cancel() } }
            }
            eventLoop.execute {
                let (handler, context) = bound.value
                if context.channel.isActive {
                    let end = context.writeAndFlush(handler.wrapOutboundOut(.end(nil)))
                    if !keepAlive { end.whenComplete { _ in context.close(promise: nil) } }
                }
                handler.done(context)
            }
        }
        // A client that closes its connection while nothing is sent ends the stream at once (`.cancelled`), so
        // what makes it (an MCP wait, `MCPProgressAnswer`) stops too, not at its next chunk.
        context.channel.closeFuture.whenComplete { _ in writing.cancel() }
    }

    /// Writes one chunk of a streamed answer, counted in the backlog until the kernel takes it.
    private func writeChunk(_ context: ChannelHandlerContext, _ chunk: Data) -> EventLoopFuture<Void> {
        queued(context, chunk.count)
        let written = context.writeAndFlush(wrapOutboundOut(.body(.byteBuffer(context.channel.allocator.buffer(bytes: chunk)))))
        let bound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
        written.whenComplete { _ in
            let (handler, context) = bound.value
            handler.taken(context, chunk.count)
        }
        return written
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

    /// An answer of `bytes` was handed to the connection.
    private func queued(_ context: ChannelHandlerContext, _ bytes: Int) {
        if server.load.answerQueued(bytes, in: &backlog) { context.close(promise: nil) }
    }

    /// The kernel took an answer of `bytes` (or the connection dropped it as it closed); a held request may go on.
    private func taken(_ context: ChannelHandlerContext, _ bytes: Int) {
        server.load.answerWritten(bytes, in: &backlog)
        next(context)
    }
}
