import NIOCore
import NIOWebSocket

/// A client's frame broke `WebSocketRules`: the connection fails with `code`.
struct WebSocketRuleViolation: Error, Equatable {
    var code: WebSocketErrorCode
}

/// Checks each frame as decoded, before fragments are joined (the joined message no longer shows masks or RSV
/// bits): the first frame that breaks `WebSocketRules` is raised as a `WebSocketRuleViolation`, and nothing after
/// it is passed on.
final class WebSocketFrameCheck: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = WebSocketFrame
    typealias InboundOut = WebSocketFrame

    private var failed = false

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !failed else { return }
        if let code = WebSocketRules.violation(unwrapInboundIn(data)) {
            failed = true
            context.fireErrorCaught(WebSocketRuleViolation(code: code))
            return
        }
        context.fireChannelRead(data)
    }
}
