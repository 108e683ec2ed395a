import NIOCore

/// Gathers small network chunks into one large buffer and writes it with a single `pwrite` at the right offset.
///
/// Network chunks are at most 64 KiB; writing each one costs a syscall. Coalescing into `capacity` bytes (1 MiB by
/// default) keeps the syscall count low and the memory flat: one buffer per connection, reused forever.
final class CoalescingWriter {
    private let file: PartFile
    private let buffer: UnsafeMutableRawBufferPointer
    private var used = 0
    /// The file offset where the buffered bytes begin; every byte before it has been written to the file.
    private(set) var flushedOffset: Int64

    /// The offset of the next byte to be appended.
    var offset: Int64 { flushedOffset + Int64(used) }

    /// Creates a writer that starts appending at `offset`.
    init(file: PartFile, startingAt offset: Int64, capacity: Int = 1 << 20) {
        precondition(capacity > 0)
        self.file = file
        self.flushedOffset = offset
        self.buffer = .allocate(byteCount: capacity, alignment: 4096)
    }

    deinit {
        buffer.deallocate()
    }

    /// Appends a chunk, writing out the buffer each time it fills.
    ///
    /// - Returns: whether anything was written to the file.
    @discardableResult
    func append(_ chunk: ByteBuffer) throws -> Bool {
        var wrote = false
        try chunk.withUnsafeReadableBytes { bytes in
            var consumed = 0
            while consumed < bytes.count {
                let take = min(buffer.count - used, bytes.count - consumed)
                (buffer.baseAddress! + used).copyMemory(from: bytes.baseAddress! + consumed, byteCount: take)
                used += take
                consumed += take
                if used == buffer.count {
                    try flush()
                    wrote = true
                }
            }
        }
        return wrote
    }

    /// Writes whatever is buffered.
    func flush() throws {
        guard used > 0 else { return }
        try file.write(UnsafeRawBufferPointer(rebasing: buffer[0..<used]), at: flushedOffset)
        flushedOffset += Int64(used)
        used = 0
    }

    /// Forgets buffered bytes and moves to `offset` (used when a body turns out to be unusable).
    func reset(to offset: Int64) {
        used = 0
        flushedOffset = offset
    }
}
