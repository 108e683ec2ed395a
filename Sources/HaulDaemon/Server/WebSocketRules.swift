import NIOCore
import NIOWebSocket

/// RFC 6455's rules for what a client sends that NIO's frame decoder leaves to the application (it passes any
/// extension bits and opcodes through). Breaking one fails the connection (issue 33, point 7).
enum WebSocketRules {
    /// Why `frame`, as it came from a client, fails the connection; `nil` when it is allowed.
    ///
    /// - A client frame is masked (section 5.1: "a server MUST close the connection upon receiving a frame that is
    ///   not masked").
    /// - RSV1-3 are zero: no extension was negotiated (5.2).
    /// - The opcode is one of the six defined (5.2: reserved opcodes fail the connection).
    /// - A close frame carries no body, or a valid code (7.4) and a UTF-8 reason (5.5.1, 8.1: 1007 if not).
    static func violation(_ frame: WebSocketFrame) -> WebSocketErrorCode? {
        guard frame.maskKey != nil, !frame.rsv1, !frame.rsv2, !frame.rsv3 else { return .protocolError }
        switch frame.opcode {
        case .continuation, .text, .binary, .ping, .pong:
            return nil
        case .connectionClose:
            return closeViolation(frame.unmaskedData)
        default:
            return .protocolError
        }
    }

    /// Why a close frame's body fails the connection, or `nil`.
    static func closeViolation(_ body: ByteBuffer) -> WebSocketErrorCode? {
        if body.readableBytes == 0 { return nil }
        guard let code = body.getInteger(at: body.readerIndex, as: UInt16.self), isValidCloseCode(code) else {
            return .protocolError
        }
        let reason = body.getBytes(at: body.readerIndex + 2, length: body.readableBytes - 2) ?? []
        return isUTF8(reason) ? nil : .dataInconsistentWithMessage
    }

    /// Whether a peer may send `code` (7.4.1 and 7.4.2): 1000-1003, 1007-1014 (defined or registered with IANA),
    /// 3000-4999 (libraries and applications). 1004-1006 and 1015 must never be sent; the rest are reserved.
    static func isValidCloseCode(_ code: UInt16) -> Bool {
        switch code {
        case 1000...1003, 1007...1014, 3000...4999: return true
        default: return false
        }
    }

    /// Whether a text message's or close reason's bytes are UTF-8 (8.1: otherwise fail with 1007).
    static func isUTF8<Bytes: Collection>(_ bytes: Bytes) -> Bool where Bytes.Element == UInt8 {
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid: continue
            case .emptyInput: return true
            case .error: return false
            }
        }
    }
}
