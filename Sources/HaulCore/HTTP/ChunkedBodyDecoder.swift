/// Takes a chunked body apart (RFC 9112 §7.1) as its bytes arrive: each step says how many of the bytes at hand are
/// framing to skip or data to keep, so the socket layer can hand data on without copying it.
///
/// Chunk extensions are skipped; trailer fields are read and dropped (nothing Haul uses may come late). A size of
/// more than 16 hex digits, or one beyond `Int64.max`, a line longer than `maximumLineSize`, or data not followed
/// by its CRLF is `HTTP1Response.Failure.badChunk`.
public struct ChunkedBodyDecoder: Sendable {
    /// The longest size line or trailer line accepted.
    public static let maximumLineSize = 4096

    /// What to do with the bytes at the front of the buffer.
    public enum Step: Sendable, Equatable {
        /// The first `n` bytes are framing: drop them.
        case skip(Int)
        /// The first `n` bytes are body data.
        case data(Int)
        /// Nothing can be decided until more bytes arrive (keep the ones at hand).
        case needMore
        /// The body ended; the first `n` bytes are its last framing.
        case end(Int)
    }

    private enum State: Sendable {
        case size
        case data(remaining: Int64)
        case dataEnd
        case trailers
        case done
    }

    private var state = State.size

    public init() {}

    /// Whether the final chunk and its trailers have been read.
    public var isDone: Bool { if case .done = state { true } else { false } }

    /// Decides about the front of `bytes`, the unconsumed bytes at hand. The caller consumes what the step says and
    /// calls again while bytes remain, or reads more on `.needMore`.
    public mutating func step(_ bytes: UnsafeRawBufferPointer) throws(HTTP1Response.Failure) -> Step {
        switch state {
        case .done:
            return .end(0)
        case .data(let remaining):
            guard !bytes.isEmpty else { return .needMore }
            let take = Int(min(Int64(bytes.count), remaining))
            state = remaining == Int64(take) ? .dataEnd : .data(remaining: remaining - Int64(take))
            return .data(take)
        case .dataEnd:
            guard let line = try Self.line(in: bytes) else { return .needMore }
            guard line.contentLength == 0 else { throw .badChunk }
            state = .size
            return .skip(line.consumed)
        case .size:
            guard let line = try Self.line(in: bytes) else { return .needMore }
            let size = try Self.chunkSize(bytes, length: line.contentLength)
            if size == 0 {
                state = .trailers
            } else {
                state = .data(remaining: size)
            }
            return .skip(line.consumed)
        case .trailers:
            guard let line = try Self.line(in: bytes) else { return .needMore }
            if line.contentLength == 0 {
                state = .done
                return .end(line.consumed)
            }
            return .skip(line.consumed)
        }
    }

    /// The first line of `bytes`: its length without the line end, and with it; `nil` if no line end arrived yet.
    private static func line(in bytes: UnsafeRawBufferPointer) throws(HTTP1Response.Failure) -> (contentLength: Int, consumed: Int)? {
        let limit = min(bytes.count, maximumLineSize + 2)
        var index = 0
        while index < limit {
            if bytes[index] == UInt8(ascii: "\n") {
                let content = index > 0 && bytes[index - 1] == UInt8(ascii: "\r") ? index - 1 : index
                return (content, index + 1)
            }
            index += 1
        }
        if bytes.count >= maximumLineSize + 2 { throw .badChunk }
        return nil
    }

    /// The hex size at the start of a size line of `length` bytes, before any `;extension` or whitespace.
    private static func chunkSize(_ bytes: UnsafeRawBufferPointer, length: Int) throws(HTTP1Response.Failure) -> Int64 {
        var value: Int64 = 0
        var digits = 0
        var index = 0
        while index < length {
            let byte = bytes[index]
            let digit: Int64
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = Int64(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = Int64(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = Int64(byte - UInt8(ascii: "A") + 10)
            case UInt8(ascii: ";"), UInt8(ascii: " "), UInt8(ascii: "\t"):
                guard digits > 0 else { throw .badChunk }
                return value
            default:
                throw .badChunk
            }
            digits += 1
            guard digits <= 16, value <= (Int64.max - digit) / 16 else { throw .badChunk }
            value = value * 16 + digit
            index += 1
        }
        guard digits > 0 else { throw .badChunk }
        return value
    }
}
