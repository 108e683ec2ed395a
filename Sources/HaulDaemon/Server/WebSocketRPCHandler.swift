import Foundation
import NIOCore
import NIOWebSocket

/// JSON-RPC over WebSocket: each text message is a request (single or batch) answered in a text frame; the
/// connection also receives notifications from the `NotificationHub`. Calls on one connection may be answered out
/// of order (their ids tell them apart), as with aria2.
final class WebSocketRPCHandler: ChannelInboundHandler {
    typealias InboundIn = WebSocketFrame
    typealias OutboundOut = WebSocketFrame

    private let server: ServerContext
    private let secretRequired: Bool

    init(server: ServerContext, secretRequired: Bool) {
        self.server = server
        self.secretRequired = secretRequired
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
        let frame = unwrapInboundIn(data)
        switch frame.opcode {
        case .text:
            let bytes = Data(frame.unmaskedData.readableBytesView)
            let channel = context.channel
            let hub = server.hub
            var authenticated: (@Sendable () -> Void)?
            if secretRequired { authenticated = { @Sendable in hub.authenticated(channel) } }
            let callContext = CallContext(
                secretRequired: secretRequired,
                subscribeProgress: { hub.subscribeProgress(channel) },
                authenticated: authenticated
            )
            let endpoint = server.endpoint
            Task {
                guard let answer = await endpoint.respond(to: bytes, context: callContext) else { return }
                NotificationHub.send(String(decoding: answer, as: UTF8.self), on: channel)
            }
        case .ping:
            let pong = WebSocketFrame(fin: true, opcode: .pong, data: frame.unmaskedData)
            context.writeAndFlush(wrapOutboundOut(pong), promise: nil)
        case .connectionClose:
            var data = frame.unmaskedData
            let code = data.readSlice(length: 2) ?? ByteBuffer()
            let channel = context.channel
            context.writeAndFlush(wrapOutboundOut(WebSocketFrame(fin: true, opcode: .connectionClose, data: code)))
                .whenComplete { _ in channel.close(promise: nil) }
        case .binary:
            close(context, code: .unacceptableData)
        default:
            break
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: Error) {
        // A frame or message over the size limit, or a protocol error: close with the matching code.
        let code: WebSocketErrorCode = (error as? NIOWebSocketError) == .invalidFrameLength ? .messageTooLarge : .protocolError
        close(context, code: code)
    }

    private func close(_ context: ChannelHandlerContext, code: WebSocketErrorCode) {
        var buffer = context.channel.allocator.buffer(capacity: 2)
        buffer.write(webSocketErrorCode: code)
        let channel = context.channel
        context.writeAndFlush(wrapOutboundOut(WebSocketFrame(fin: true, opcode: .connectionClose, data: buffer)))
            .whenComplete { _ in channel.close(promise: nil) }
    }
}
