import Foundation
import NIOCore
import NIOHTTP1

/// Answers HTTP requests: the Host check first (421), then `/jsonrpc` (POST, CORS preflight), then the page.
///
/// A body is collected up to `ServerLimits.maxBodyBytes` and refused past it (413) before more is read. Requests
/// on one connection are answered in order: the next is held until the current answer is written.
final class HTTPServerHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    private let server: ServerContext
    private var head: HTTPRequestHead?
    private var body = ByteBuffer()
    private var refusedBody = false
    private var busy = false
    private var pending: [(HTTPRequestHead, ByteBuffer)] = []

    init(server: ServerContext) {
        self.server = server
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let requestHead):
            head = requestHead
            body.clear()
            refusedBody = false
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
            pending.append((requestHead, body))
            body = ByteBuffer()
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

    /// Answers the next held request unless one is being answered.
    private func next(_ context: ChannelHandlerContext) {
        guard !busy, !pending.isEmpty else { return }
        let (requestHead, requestBody) = pending.removeFirst()
        busy = true
        route(context, requestHead, requestBody)
    }

    private func done(_ context: ChannelHandlerContext) {
        busy = false
        next(context)
    }

    private func route(_ context: ChannelHandlerContext, _ head: HTTPRequestHead, _ requestBody: ByteBuffer) {
        guard server.hosts.allows(head.headers.first(name: "host")) else {
            let text = "421 Misdirected Request: this Host is not the daemon's (DNS rebinding protection; see --rpc-allow-host)\n"
            write(context, head, status: .misdirectedRequest, contentType: "text/plain", body: Data(text.utf8), close: true)
            return done(context)
        }
        let path = String(head.uri.prefix { $0 != "?" })
        if path == "/jsonrpc" {
            return rpc(context, head, requestBody)
        }
        guard head.method == .GET || head.method == .HEAD, let asset = WebAssets.asset(for: head.uri) else {
            write(context, head, status: .notFound, contentType: "text/plain", body: Data("404 Not Found\n".utf8))
            return done(context)
        }
        write(context, head, status: .ok, contentType: asset.contentType, body: asset.body,
              extra: WebAssets.securityHeaders, omitBody: head.method == .HEAD)
        done(context)
    }

    private func rpc(_ context: ChannelHandlerContext, _ head: HTTPRequestHead, _ requestBody: ByteBuffer) {
        let verdict = server.origins.verdict(head.headers.first(name: "origin"))
        var cors: [(String, String)] = []
        switch verdict {
        case .refused(let why):
            let error = JSONRPCEnvelope.response(id: .null, .failure(.aria2(why)))
            write(context, head, status: .forbidden, contentType: "application/json", body: error.data)
            return done(context)
        case .allowedCrossOrigin(let origin), .allowedWithSecret(let origin):
            cors = CORSHeaders.answer(origin: origin)
            if head.method == .OPTIONS {
                // A preflight carries no body, so no secret: an extension's is answered, its POST needs the secret.
                cors = CORSHeaders.preflight(
                    origin: origin, requestedHeaders: head.headers.first(name: "access-control-request-headers")
                )
            }
        case .sameOrigin:
            break
        }
        switch head.method {
        case .OPTIONS:
            // CORS preflight (only reached by allowed origins).
            write(context, head, status: .noContent, contentType: nil, body: Data(), extra: cors)
            return done(context)
        case .POST:
            break
        default:
            // aria2 also answers GET with base64 parameters and JSONP callbacks: a page could read answers
            // cross-origin through a <script> tag. Refused.
            let error = JSONRPCEnvelope.response(id: .null, .failure(.invalidRequest("use HTTP POST or a WebSocket at /jsonrpc (no GET, no JSONP)")))
            write(context, head, status: .methodNotAllowed, contentType: "application/json", body: error.data, extra: [("Allow", "POST")])
            return done(context)
        }
        let callContext = CallContext(secretRequired: { if case .allowedWithSecret = verdict { return true } else { return false } }())
        let endpoint = server.endpoint
        let bytes = Data(requestBody.readableBytesView)
        let bound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
        let eventLoop = context.eventLoop
        let corsHeaders = cors
        Task {
            let answer = await endpoint.respond(to: bytes, context: callContext)
            eventLoop.execute {
                let (handler, context) = bound.value
                if let answer {
                    handler.write(context, head, status: .ok, contentType: "application/json", body: answer, extra: corsHeaders)
                } else {
                    handler.write(context, head, status: .noContent, contentType: nil, body: Data(), extra: corsHeaders)
                }
                handler.done(context)
            }
        }
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
        if !keepAlive && closeNow {
            let channel = context.channel
            written.whenComplete { _ in channel.close(promise: nil) }
        }
    }
}
