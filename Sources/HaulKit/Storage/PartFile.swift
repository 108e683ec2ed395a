import CHaulSystem
import NIOConcurrencyHelpers
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The `.part` file a download writes into: positional writes at absolute offsets, explicit durability, and an
/// exclusive lock so that two processes never write the same file.
///
/// A thin wrapper over POSIX calls; every failure becomes a `HaulError` of kind `.io` naming the path.
final class PartFile: @unchecked Sendable {
    // Immutable after init; the descriptor is used concurrently by `pwrite` and `fdatasync`, which POSIX allows.
    /// The file's path.
    let path: String
    private let descriptor: Int32

    /// Opens (creating if needed) and locks `path`.
    ///
    /// A symbolic link at `path` is never followed (`O_NOFOLLOW`), dangling or not: whoever can put one in the
    /// download directory would otherwise have haul overwrite, or create, a file anywhere it may write (issue 33,
    /// point 4). Such a `.part`, or one that is not a regular file (a FIFO, a device), is refused and left as it is.
    ///
    /// - Throws: `.busy` when another process holds the lock; `.fileExists` when `path` is a symbolic link or not a
    ///   regular file; `.io` when the file cannot be opened.
    init(path: String) throws {
        // O_NONBLOCK: opening a FIFO must not wait for a writer; it is refused below anyway.
        let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, 0o644)
        guard fd >= 0 else {
            let code = errno
            if code == ELOOP {
                throw HaulError(.fileExists, "\(path) is a symbolic link; haul never writes through one: remove it and run again")
            }
            throw HaulError.io("cannot open", path: path, errno: code)
        }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
            close(fd)
            throw HaulError(.fileExists, "\(path) is not a regular file; haul writes only into one: remove it and run again")
        }
        // Back to blocking I/O for the writes (O_NONBLOCK means nothing for a regular file, but is not kept).
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        Self.openHere.withLockedValue { $0[path, default: 0] += 1 }
        var waited = 0
        while flock(fd, LOCK_EX | LOCK_NB) != 0 {
            let code = errno
            // This process holds it: the previous run of the same download (paused and resumed at once) is
            // still letting go of its file. Its last references end within milliseconds; wait for them, a
            // bounded time, rather than calling this process "another haul process".
            if code == EWOULDBLOCK, waited < Self.lingerLimit, Self.openHere.withLockedValue({ ($0[path] ?? 0) > 1 }) {
                usleep(5_000)
                waited += 5
                continue
            }
            close(fd)
            Self.closedHere(path)
            if code == EWOULDBLOCK {
                throw HaulError(.busy, "another haul process is already downloading \(path); wait for it or stop it")
            }
            throw HaulError.io("cannot lock", path: path, errno: code)
        }
        self.path = path
        self.descriptor = fd
    }

    deinit {
        close(descriptor)
        Self.closedHere(path)
    }

    /// `PartFile`s open in this process, by path: a lock this process holds is not another process's.
    private static let openHere = NIOLockedValueBox<[String: Int]>([:])
    /// How long (ms) a new `PartFile` waits for this process's previous one on the same path to close.
    private static let lingerLimit = 3_000

    private static func closedHere(_ path: String) {
        openHere.withLockedValue { open in
            let left = (open[path] ?? 1) - 1
            open[path] = left > 0 ? left : nil
        }
    }

    /// Whether a process other than this one holds the lock on `path` now (it is downloading that file): a
    /// lock held by a `PartFile` of this process (a run that is stopping) does not count.
    static func isLockedElsewhere(_ path: String) -> Bool {
        isLocked(path) && openHere.withLockedValue { $0[path] == nil }
    }

    /// How many files `isLocked` opened in this process: a test checks that an add of a fresh name opens none
    /// (`DownloadStore.occupant` asks only about a `.part` that is there).
    static let openedToTestLock = NIOLockedValueBox(0)

    /// Whether another process holds the lock on `path` now (it is downloading that file). `false` when the file
    /// does not exist. Within one process, a `PartFile` open on `path` also counts (locks belong to open files).
    static func isLocked(_ path: String) -> Bool {
        openedToTestLock.withLockedValue { $0 += 1 }
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        if flock(fd, LOCK_EX | LOCK_NB) != 0 { return errno == EWOULDBLOCK }
        flock(fd, LOCK_UN)
        return false
    }

    /// The file's current size in bytes.
    func size() throws -> Int64 {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw HaulError.io("cannot stat", path: path, errno: errno) }
        return Int64(info.st_size)
    }

    /// Writes all of `bytes` at `offset`, retrying short writes and EINTR.
    func write(_ bytes: UnsafeRawBufferPointer, at offset: Int64) throws {
        var done = 0
        while done < bytes.count {
            let result = pwrite(descriptor, bytes.baseAddress! + done, bytes.count - done, off_t(offset) + off_t(done))
            if result < 0 {
                if errno == EINTR { continue }
                throw HaulError.io("cannot write to", path: path, errno: errno)
            }
            done += result
        }
    }

    /// Writes exactly `count` bytes waiting in the pipe `pipe` at `offset` (Linux `splice`: the pages move from the
    /// pipe into the page cache without passing through the process), with the same errors as `write(_:at:)`.
    ///
    /// One such write at a time per file: the connections' threads wait their turn on a mutex, asleep, instead of
    /// spinning in the kernel on the file's inode lock while another holds it for a megabyte (with 16 connections
    /// on 2 cores that spinning cost more than the writes).
    func write(fromPipe pipe: Int32, count: Int, at offset: Int64) throws {
        let result = pipeWrites.withLock { haul_splice_to_file(pipe, descriptor, offset, count) == 0 ? 0 : errno }
        guard result == 0 else { throw HaulError.io("cannot write to", path: path, errno: result) }
    }

    /// Writes all of `bytes` at `offset` as `write(_:at:)` does, taking turns with the other connections' threads
    /// as `write(fromPipe:count:at:)` does, for the same reason: the direct client's threads writing TLS bodies
    /// they decrypted (`BodySink`), 16 of them on 2 cores.
    func writeInTurn(_ bytes: UnsafeRawBufferPointer, at offset: Int64) throws {
        try pipeWrites.withLock { try write(bytes, at: offset) }
    }

    /// Taken for each `write(fromPipe:count:at:)` and `writeInTurn(_:at:)`.
    private let pipeWrites = NIOLock()

    /// Reads up to `buffer.count` bytes at `offset`; returns how many were read (0 at the end of the file).
    func read(into buffer: UnsafeMutableRawBufferPointer, at offset: Int64) throws -> Int {
        while true {
            let result = pread(descriptor, buffer.baseAddress!, buffer.count, off_t(offset))
            if result >= 0 { return result }
            if errno != EINTR { throw HaulError.io("cannot read", path: path, errno: errno) }
        }
    }

    /// Sets the file's length, cutting or extending it with zeros.
    func truncate(to length: Int64) throws {
        guard ftruncate(descriptor, off_t(length)) == 0 else {
            throw HaulError.io("cannot resize", path: path, errno: errno)
        }
    }

    /// Reserves disk blocks for the first `length` bytes (the file grows to `length` when shorter), so that a full
    /// disk shows up before the bytes come, and they land in blocks already allocated. `SpaceReservation` says how
    /// far: a bounded step ahead of the bytes held, never the whole of a length only announced.
    ///
    /// Where the file system cannot reserve, nothing happens and the writes allocate as they go: no `ftruncate`
    /// stands in for it, as it could cut bytes a connection wrote meanwhile past an older length.
    ///
    /// - Throws: `.io` when the disk is full or the file would pass a size limit.
    func reserve(upTo length: Int64) throws {
        guard length > 0 else { return }
        if haul_fallocate(descriptor, length) == 0 { return }
        let code = errno
        if code == ENOSPC || code == EFBIG { throw HaulError.io("cannot reserve space for", path: path, errno: code) }
    }

    /// Gives back the disk blocks of `[offset, offset + length)`, which then read as zeros; the size stays. A hint:
    /// where the file system cannot, nothing happens.
    func releaseSpace(offset: Int64, length: Int64) {
        guard offset >= 0, length > 0 else { return }
        _ = haul_punch_hole(descriptor, offset, length)
    }

    /// The size of the file system the file is on, in bytes (`fstatvfs`), or `nil` when it does not say.
    func fileSystemCapacity() -> Int64? {
        var info = statvfs()
        guard fstatvfs(descriptor, &info) == 0, info.f_blocks > 0 else { return nil }
        let (bytes, overflow) = Int64(clamping: info.f_blocks).multipliedReportingOverflow(by: Int64(clamping: info.f_frsize))
        return overflow ? Int64.max : bytes
    }

    /// The bytes the file holds on disk (`st_blocks` * 512), reserved blocks included.
    func allocatedSize() throws -> Int64 {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw HaulError.io("cannot stat", path: path, errno: errno) }
        return Int64(info.st_blocks) * 512
    }

    /// Asks the kernel to start writing `length` bytes at `offset` to the disk now, without waiting (write-behind).
    ///
    /// Durability still comes only from `synchronize()`; this only spreads the disk's work over the download, so
    /// that the final flush waits for the tail instead of the whole file. Linux: `sync_file_range` with
    /// `SYNC_FILE_RANGE_WRITE`. Elsewhere (Apple platforms have no such call) it does nothing, and the background
    /// checkpoint's flush about once a second is the write-behind. Failures are ignored: it is a hint.
    func startWriteback(offset: Int64, length: Int64) {
        guard length > 0 else { return }
        _ = haul_start_writeback(descriptor, offset, length)
    }

    /// Flushes written data to stable storage (`fdatasync`; `F_FULLFSYNC` semantics are not needed for ordering).
    func synchronize() throws {
        #if os(Linux)
        let result = fdatasync(descriptor)
        #else
        let result = fsync(descriptor)
        #endif
        guard result == 0 else { throw HaulError.io("cannot flush", path: path, errno: errno) }
    }

    /// The file system the file lives on (`st_dev`): the files one `synchronizeFileSystem()` covers share it.
    var fileSystem: UInt64 {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return 0 }
        return UInt64(info.st_dev)
    }

    /// Flushes every file of this file's file system to stable storage (Linux `syncfs`): the data of every file
    /// written there before the call, this one's included, is on the disk when it returns (`DataFlusher`).
    /// - Throws: `.io` when it fails, or where there is no such call (`ENOSYS`: the caller flushes file by file).
    func synchronizeFileSystem() throws {
        guard haul_syncfs(descriptor) == 0 else { throw HaulError.io("cannot flush the file system of", path: path, errno: errno) }
    }
}
