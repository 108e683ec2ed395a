/// Writes network chunks to the file at the right offsets: large chunks straight from the network buffer, small
/// ones gathered first so that a trickle of tiny reads does not cost a syscall each.
///
/// A chunk of at least `directMinimum` bytes (16 KiB) is written with one `pwrite` from the buffer it arrived in,
/// after anything gathered before it: no copy and no buffer of our own. Smaller chunks are copied into a buffer of
/// `capacity` bytes (64 KiB), allocated on first use and written out when full. The transport reads up to 64 KiB
/// at a time (`HTTPTransport.largestRead`), so at full speed nearly every chunk goes straight through. A buffer per
/// connection of 256 KiB or 1 MiB (what this writer used to keep) cost 4-8 MiB of memory with 16-32 connections
/// and copied every byte once more. Fed by 128 KiB reads, writing directly costs the same CPU time per GiB as
/// copying 64 KiB reads into 256 KiB buffers did (twice the `pwrite`s, but no copy), with 4 MiB less memory at 16
/// connections; fed by 64 KiB reads it cost about 12 % more. The transport reads 64 KiB again since then, for
/// memory (see `HTTPTransport.largestRead`): the read buffers, not this writer, are what a split download holds.
/// A large plain-http body on Linux skips both: the direct client writes it into the file itself (`BodySink`) and
/// this writer only counts it (`advance(by:)`).
///
/// Write-behind: each time `writebackBatch` (8 MiB) more bytes have been written since the last time, the writer asks
/// the kernel to start writing them to the disk (`PartFile.startWriteback`). The disk then works while the network
/// does, and the flush at the end of a download waits only for the last few megabytes instead of everything the
/// page cache held (about a gigabyte at full speed). One comparison per chunk, one syscall per 8 MiB.
final class CoalescingWriter {
    /// Chunks at least this long are written directly.
    static let directMinimum = 16 << 10
    /// How many written bytes are handed to the disk at a time.
    static let writebackBatch: Int64 = 8 << 20

    private let file: PartFile
    private let capacity: Int
    private var buffer: UnsafeMutableRawBufferPointer?
    private var used = 0
    /// The file offset where the buffered bytes begin; every byte before it has been written to the file.
    private(set) var flushedOffset: Int64 {
        didSet {
            if flushedOffset - writebackFrom >= Self.writebackBatch {
                file.startWriteback(offset: writebackFrom, length: flushedOffset - writebackFrom)
                writebackFrom = flushedOffset
            }
        }
    }
    /// Where the bytes not yet handed to the disk begin.
    private var writebackFrom: Int64

    /// The offset of the next byte to be appended.
    var offset: Int64 { flushedOffset + Int64(used) }

    /// Creates a writer that starts appending at `offset`, gathering small chunks into at most `capacity` bytes.
    init(file: PartFile, startingAt offset: Int64, capacity: Int = 64 << 10) {
        precondition(capacity > 0)
        self.file = file
        self.capacity = capacity
        self.flushedOffset = offset
        self.writebackFrom = offset
    }

    deinit {
        buffer?.deallocate()
    }

    /// Appends a chunk: writes it directly when it is large, else gathers it (writing the buffer each time it
    /// fills).
    ///
    /// - Returns: whether anything was written to the file.
    @discardableResult
    func append(_ chunk: BodyBytes) throws -> Bool {
        try chunk.withUnsafeBytes { bytes in
            if bytes.count >= Self.directMinimum {
                try flush()
                try file.write(bytes, at: flushedOffset)
                flushedOffset += Int64(bytes.count)
                return true
            }
            var wrote = false
            var consumed = 0
            while consumed < bytes.count {
                let buffer = self.buffer ?? allocate()
                let take = min(buffer.count - used, bytes.count - consumed)
                (buffer.baseAddress! + used).copyMemory(from: bytes.baseAddress! + consumed, byteCount: take)
                used += take
                consumed += take
                if used == buffer.count {
                    try flush()
                    wrote = true
                }
            }
            return wrote
        }
    }

    private func allocate() -> UnsafeMutableRawBufferPointer {
        let allocated = UnsafeMutableRawBufferPointer.allocate(byteCount: capacity, alignment: 4096)
        buffer = allocated
        return allocated
    }

    /// Writes whatever is buffered.
    func flush() throws {
        guard used > 0, let buffer else { return }
        try file.write(UnsafeRawBufferPointer(rebasing: buffer[0..<used]), at: flushedOffset)
        flushedOffset += Int64(used)
        used = 0
    }

    /// Counts `count` bytes that the transport wrote into the file itself (`BodySink`), right after the bytes
    /// appended before: whatever is gathered is written first, and the buffer is given back. The transport writes
    /// the rest of such a body itself, so a buffer allocated for the few KiB read with the head would otherwise be
    /// held, unused, until the segment ends: 64 KiB a connection, 1 MiB of heap at 16.
    func advance(by count: Int) throws {
        try flush()
        if let buffer {
            buffer.deallocate()
            self.buffer = nil
        }
        flushedOffset += Int64(count)
    }

    /// Whether a gathering buffer is allocated.
    var holdsBuffer: Bool { buffer != nil }

    /// Forgets buffered bytes and moves to `offset` (used when a body turns out to be unusable).
    func reset(to offset: Int64) {
        used = 0
        writebackFrom = offset
        flushedOffset = offset
    }
}
