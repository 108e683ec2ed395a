import NIOConcurrencyHelpers

/// A file a response body may be written into by its transport directly, without the bytes passing through Haul's
/// memory: the receiver offers it (`ResponseBody.writeDirectly(into:)`), the direct client's thread moves the bytes
/// from its socket into the file with Linux's `splice` and yields `BodyChunk.written` notices instead of buffers.
/// A TLS body, which must be decrypted in memory, is decrypted by the same thread into one buffer of its own and
/// written from it (`write(_:at:)`): one buffer per connection, reused, instead of a new one per read handed to
/// the reader (docs/transport.md, "TLS": 16 connections held about 2 MiB of such buffers).
///
/// Why: on a fast link a gigabyte read 64 KiB at a time costs the kernel a page-cache folio, a buffer head walk and a
/// socket window update per read, and a hand-off between the reading thread and the writing task; a splice of up to
/// 1 MiB does each once per megabyte, copies the bytes once (socket pages into the page cache) instead of twice, and
/// keeps no buffer of Haul's (docs/history/benchmarks-rounds.md, Round 20, has the figures). Memory stays flat: the
/// bytes in flight sit in a kernel pipe, not in the process.
///
/// The rules the reader relies on:
/// - Offsets: the transport writes body byte `n` at `bodyStart + n`, after every byte it yielded before it as a
///   buffer, so buffers and notices count the body's bytes in order, as plain chunks would.
/// - Bounds: before each write the transport asks `room(at:)` (the segment's end, which the runner may shorten) and
///   writes no further; a shortening that lands during a write may leave up to one write past the new end, bytes of
///   the same version that the range's new owner writes again (rule 7: one version per file), never counted.
/// - Closing: after `close()` returns, no write through this sink happens or is under way. The reader closes it
///   before it returns, so a truncation or a restart that waits for the reader never meets a late write.
final class BodySink: Sendable {
    /// The file offset of the body's first byte.
    let bodyStart: Int64
    /// Moves `count` bytes from the pipe's read end into the file at `offset`; throws what a write would.
    private let move: @Sendable (_ pipe: Int32, _ count: Int, _ offset: Int64) throws -> Void
    /// Writes `bytes` (the transport's own memory, valid during the call) into the file at `offset`.
    private let store: @Sendable (_ bytes: UnsafeRawBufferPointer, _ offset: Int64) throws -> Void
    /// How many bytes may be written from `offset` on; `nil`: up to the body's end.
    private let bound: @Sendable (_ offset: Int64) -> Int64?
    /// Whether to write directly now: not while a bandwidth limit paces the download, whose pacing wants the bytes
    /// in the reads' small steps.
    private let wanted: @Sendable () -> Bool
    /// Whether `close()` was called; the lock is held for the length of each write.
    private let closed = NIOLockedValueBox(false)

    init(
        bodyStart: Int64,
        move: @escaping @Sendable (_ pipe: Int32, _ count: Int, _ offset: Int64) throws -> Void,
        store: @escaping @Sendable (_ bytes: UnsafeRawBufferPointer, _ offset: Int64) throws -> Void,
        room: @escaping @Sendable (_ offset: Int64) -> Int64?,
        isWanted: @escaping @Sendable () -> Bool
    ) {
        self.bodyStart = bodyStart
        self.move = move
        self.store = store
        self.bound = room
        self.wanted = isWanted
    }

    /// Whether the transport should write directly now.
    var isWanted: Bool { wanted() && !closed.withLockedValue { $0 } }

    /// How many bytes the transport may write from `offset` on (`nil`: no bound but the body's).
    func room(at offset: Int64) -> Int64? { bound(offset) }

    /// Writes `count` bytes from `pipe` at `offset`; `false` (nothing written) once closed.
    func write(fromPipe pipe: Int32, count: Int, at offset: Int64) throws -> Bool {
        try closed.withLockedValue { closed in
            guard !closed else { return false }
            try move(pipe, count, offset)
            return true
        }
    }

    /// Writes `bytes` at `offset`; `false` (nothing written) once closed.
    func write(_ bytes: UnsafeRawBufferPointer, at offset: Int64) throws -> Bool {
        try closed.withLockedValue { closed in
            guard !closed else { return false }
            try store(bytes, offset)
            return true
        }
    }

    /// Ends the sink: waits for a write under way, and lets no other begin.
    func close() {
        closed.withLockedValue { $0 = true }
    }
}
