/// A piece of a response body as it came off the connection: Haul's own type at the transport seam.
///
/// Its bytes are a `BodyBytes`, the memory the carrier read them into (no copy: see `BodyBytes`), or, for a body
/// the transport wrote into the file itself, a notice of how many it wrote (`written(_:)`).
struct BodyChunk: Sendable {
    /// The bytes, for the writer and the digest (empty in a `written` notice).
    var bytes: BodyBytes
    /// How many bytes the transport already wrote into the file through the body's `BodySink` (0: the bytes are
    /// in `bytes`).
    private(set) var written = 0

    /// A chunk of `bytes`, as the carrier read them.
    init(_ bytes: BodyBytes) {
        self.bytes = bytes
    }

    /// A chunk holding a copy of `bytes` (a fake transport, a carrier that reads into `Data` or `[UInt8]`).
    init(_ bytes: some Sequence<UInt8>) {
        self.bytes = BodyBytes(copying: bytes)
    }

    /// A notice that the transport wrote `count` bytes into the file through the sink, following the body's bytes
    /// before them.
    static func written(_ count: Int) -> BodyChunk {
        var chunk = BodyChunk(BodyBytes())
        chunk.written = count
        return chunk
    }

    /// Whether the bytes are in the file already (`written(_:)`), not in `bytes`.
    var isWritten: Bool { written > 0 }

    /// How many bytes it holds, or were written.
    var count: Int { isWritten ? written : bytes.count }

    /// Its first `count` bytes (of a `written` notice: the count of them that is kept; the rest were written past
    /// the end the reader keeps to, the same bytes of the same file that the range's new owner writes).
    func prefix(_ count: Int) -> BodyChunk {
        if isWritten { return .written(min(count, written)) }
        return BodyChunk(bytes.prefix(count))
    }
}
