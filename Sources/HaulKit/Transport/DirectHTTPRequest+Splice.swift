import CHaulSystem
#if canImport(Darwin)
import Darwin
private let systemClose = Darwin.close
#elseif canImport(Glibc)
import Glibc
private let systemClose = Glibc.close
#endif

/// The pipe a body's bytes cross from the socket into the file (`BodySink`): made on the first splice, one per body,
/// closed with it. Its pages are the kernel's: the bytes in flight are not in the process's memory.
struct SplicePipe {
    private(set) var read: Int32 = -1
    private(set) var write: Int32 = -1
    /// The most one splice carries.
    private(set) var capacity = 0
    /// Whether this system or socket cannot splice: the body is read into memory from then on.
    var unavailable = false

    /// Makes the pipe unless it is there; `false` (and `unavailable`) where the system has no splice.
    mutating func open() -> Bool {
        if read >= 0 { return true }
        var fds: [Int32] = [-1, -1]
        let made = haul_splice_pipe(&fds, Int32(DirectHTTPRequest.largestSplice))
        guard made > 0 else {
            unavailable = true
            return false
        }
        (read, write, capacity) = (fds[0], fds[1], Int(made))
        return true
    }

    mutating func close() {
        guard read >= 0 else { return }
        _ = systemClose(read)
        _ = systemClose(write)
        (read, write) = (-1, -1)
    }
}

extension DirectHTTPRequest {
    /// The most one splice moves: 1 MiB, the size at which the page cache's large folios and the socket's window
    /// updates cost least per byte here (docs/history/benchmarks-rounds.md, Round 20).
    static let largestSplice = 1 << 20

    /// Moves the body's next bytes from `socket` into the file through the reader's sink, when it offered one and
    /// wants it now. Returns how many bytes (0: the sink was closed, the reader is gone), or `nil` when this step
    /// reads into memory as usual: no sink, a bandwidth limit pacing the download, less room before the segment's
    /// end than one read, or no splice on this system or socket.
    ///
    /// `bodyOffset` is the count of the body's bytes handed on before (as buffers or notices): they take the file's
    /// bytes from the sink's `bodyStart`, so the next byte goes at `bodyStart + bodyOffset`.
    func spliceIntoSink(_ socket: Int32, pipe: inout SplicePipe, bodyOffset: Int64, remaining: Int64) throws -> Int? {
        // A TLS body is decrypted in memory: nothing to splice (`decryptIntoSink` writes it through the sink).
        guard !pipe.unavailable, target.tls == nil, let sink = sink.withLockedValue({ $0.sink }), sink.isWanted else { return nil }
        let offset = sink.bodyStart + bodyOffset
        var limit = min(remaining, Int64(Self.largestSplice))
        if let room = sink.room(at: offset) { limit = min(limit, room) }
        // Near the segment's end, one ordinary read (which the reader cuts at the end) does as well.
        guard limit > 0, limit >= min(remaining, Int64(HTTPTransport.largestRead)) else { return nil }
        guard pipe.open() else { return nil }
        let count = min(Int(limit), pipe.capacity)
        while true {
            let moved = haul_splice_from_socket(socket, pipe.write, count)
            if moved > 0 { return try sink.write(fromPipe: pipe.read, count: moved, at: offset) ? moved : 0 }
            if moved == 0 { throw closedEarly() }
            switch errno {
            case EINTR: continue
            case EAGAIN, EWOULDBLOCK: try waitReadable(socket)
            case EINVAL, ENOSYS, EOPNOTSUPP:
                pipe.unavailable = true
                return nil
            case let code: throw failed(code)
            }
        }
    }
}
