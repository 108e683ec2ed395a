extension ChunkedBodyDecoder {
    /// What one `decode(inPlace:)` did with the bytes at hand.
    public struct Batch: Sendable, Equatable {
        /// Framing before the data: `buffer[dataStart ..< dataStart + dataCount]` is the decoded data.
        public var dataStart: Int
        /// Body bytes gathered, contiguous from `dataStart` (0: none).
        public var dataCount: Int
        /// Bytes of the input used up, framing and data (the rest waits for more bytes).
        public var consumed: Int
        /// Whether the body's last chunk and trailers were among them.
        public var ended: Bool

        public init(dataStart: Int, dataCount: Int, consumed: Int, ended: Bool) {
            self.dataStart = dataStart
            self.dataCount = dataCount
            self.consumed = consumed
            self.ended = ended
        }
    }

    /// Decodes every whole piece of `buffer`, the unconsumed bytes at hand, and gathers the data of all its chunks
    /// into one run inside the same buffer: the data of the first chunk stays where it is and the data of later ones
    /// is moved down over the framing between them. One read from the socket then gives one slice to hand on,
    /// however small its chunks (a server sending one-byte chunks cost a thread hand-off per byte: issue 33, point 9).
    ///
    /// Stops at the end of the body (bytes after it are not consumed), or when what is left needs more bytes.
    ///
    /// - Throws: `HTTP1Response.Failure.badChunk` as `step(_:)` does; the bytes decoded before it are not reported.
    public mutating func decode(inPlace buffer: UnsafeMutableRawBufferPointer) throws(HTTP1Response.Failure) -> Batch {
        var read = 0
        // The gathered data is `buffer[dataStart ..< dataEnd]`; nil until the first chunk's data.
        var dataStart: Int?
        var dataEnd = 0
        func batch(ended: Bool) -> Batch {
            Batch(dataStart: dataStart ?? read, dataCount: dataStart.map { dataEnd - $0 } ?? 0, consumed: read, ended: ended)
        }
        while read < buffer.count {
            switch try step(UnsafeRawBufferPointer(rebasing: buffer[read...])) {
            case .skip(let count):
                read += count
            case .data(let count):
                if dataStart == nil {
                    dataStart = read
                    dataEnd = read
                }
                if dataEnd != read, let base = buffer.baseAddress {
                    // Down over the framing since the last data (the regions may overlap: a memmove).
                    (base + dataEnd).copyMemory(from: base + read, byteCount: count)
                }
                dataEnd += count
                read += count
            case .end(let count):
                read += count
                return batch(ended: true)
            case .needMore:
                return batch(ended: false)
            }
        }
        return batch(ended: false)
    }
}
