#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// An `errno` value, kept as the cause of a ``ZipError`` or ``ChecksumError``.
struct SystemError: Error, Sendable, CustomStringConvertible, Hashable {
    let errno: Int32
    var description: String { "\(String(cString: strerror(errno))) (errno \(errno))" }
}

/// An open file descriptor, closed exactly once by its owner.
struct FileDescriptor: ~Copyable {
    let raw: Int32

    init(taking raw: Int32) {
        self.raw = raw
    }

    deinit {
        _ = close(raw)
    }

    /// Closes the descriptor and reports a failed close (delayed write errors on network file systems).
    /// - Throws: ``ZipError/Code/io`` when `close` fails.
    consuming func closeChecked(_ what: @autoclosure () -> String) throws {
        let fd = raw
        discard self
        if close(fd) != 0 { throw ZipError.system("cannot close \(what())") }
    }

    /// Gives up ownership without closing: the caller now closes the returned descriptor.
    consuming func release() -> Int32 {
        let fd = raw
        discard self
        return fd
    }
}

extension ZipError {
    /// Wraps the current `errno`.
    static func system(
        _ what: String, entry: String? = nil, errno code: Int32 = errno, file: String = #fileID, line: Int = #line
    ) -> ZipError {
        let cause = SystemError(errno: code)
        return ZipError(.io, "\(what): \(cause)", entry: entry, cause: cause, file: file, line: line)
    }
}

/// Calls `body` with a NUL-terminated copy of `bytes`.
func withCPath<R>(_ bytes: [UInt8], _ body: (UnsafePointer<CChar>) throws -> R) rethrows -> R {
    var terminated = bytes
    terminated.append(0)
    return try terminated.withUnsafeBufferPointer { buffer in
        try buffer.withMemoryRebound(to: CChar.self) { try body($0.baseAddress!) }
    }
}

/// Retries a system call interrupted by a signal.
@inline(__always)
func retryingOnInterrupt<T: BinaryInteger>(_ call: () -> T) -> T {
    while true {
        let result = call()
        if result >= 0 || errno != EINTR { return result }
    }
}

/// Reads up to `buffer.count` bytes at `offset`, stopping early only at end of file.
/// - Returns: The number of bytes read; less than `buffer.count` means the file ended.
/// - Throws: ``ZipError/Code/io`` when `pread` fails.
func readFully(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer, at offset: UInt64, what: String) throws -> Int {
    var done = 0
    while done < buffer.count {
        let n = retryingOnInterrupt {
            pread(fd, buffer.baseAddress! + done, buffer.count - done, off_t(offset) + off_t(done))
        }
        if n < 0 { throw ZipError.system("cannot read \(what)") }
        if n == 0 { break }
        done += n
    }
    return done
}

/// Reads up to `buffer.count` bytes from the current position, stopping early only at end of file.
/// - Returns: The number of bytes read.
/// - Throws: ``ZipError/Code/io`` when `read` fails.
func readFully(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer, what: String) throws -> Int {
    var done = 0
    while done < buffer.count {
        let n = retryingOnInterrupt { read(fd, buffer.baseAddress! + done, buffer.count - done) }
        if n < 0 { throw ZipError.system("cannot read \(what)") }
        if n == 0 { break }
        done += n
    }
    return done
}

/// Writes all of `bytes` at the current position.
/// - Throws: ``ZipError/Code/io`` when `write` fails (a full disk included).
func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer, what: String, entry: String? = nil) throws {
    var done = 0
    while done < bytes.count {
        let n = retryingOnInterrupt { write(fd, bytes.baseAddress! + done, bytes.count - done) }
        if n < 0 { throw ZipError.system("cannot write \(what)", entry: entry) }
        done += n
    }
}

/// Writes all of `bytes` at `offset` without moving the file position.
/// - Throws: ``ZipError/Code/io`` when `pwrite` fails.
func writeAll(
    _ fd: Int32, _ bytes: UnsafeRawBufferPointer, at offset: UInt64, what: String, entry: String? = nil
) throws {
    var done = 0
    while done < bytes.count {
        let n = retryingOnInterrupt {
            pwrite(fd, bytes.baseAddress! + done, bytes.count - done, off_t(offset) + off_t(done))
        }
        if n < 0 { throw ZipError.system("cannot write \(what)", entry: entry) }
        done += n
    }
}

/// `lstat` relative to a directory descriptor, without following a final symlink.
/// - Returns: The status, or `nil` when nothing exists at `name`.
/// - Throws: ``ZipError/Code/io`` for errors other than "no such file".
func statIfExists(_ dirfd: Int32, _ name: [UInt8], what: @autoclosure () -> String) throws -> stat? {
    var info = stat()
    let result = withCPath(name) { fstatat(dirfd, $0, &info, AT_SYMLINK_NOFOLLOW) }
    if result == 0 { return info }
    if errno == ENOENT { return nil }
    throw ZipError.system("cannot inspect \(what())")
}

/// The file type bits of a `stat`.
func fileType(_ info: stat) -> mode_t { info.st_mode & S_IFMT }

/// A modification time as seconds and nanoseconds since 1970.
struct FileTime: Hashable, Sendable {
    var seconds: Int64
    var nanoseconds: Int64 = 0

    init(seconds: Int64, nanoseconds: Int64 = 0) {
        self.seconds = seconds
        self.nanoseconds = nanoseconds
    }

    init(modificationOf info: stat) {
        #if canImport(Darwin)
        self.init(seconds: Int64(info.st_mtimespec.tv_sec), nanoseconds: Int64(info.st_mtimespec.tv_nsec))
        #else
        self.init(seconds: Int64(info.st_mtim.tv_sec), nanoseconds: Int64(info.st_mtim.tv_nsec))
        #endif
    }

    /// Access and modification times both set to this time, as `utimensat` wants them.
    var timespecs: [timespec] {
        let spec = timespec(tv_sec: time_t(seconds), tv_nsec: Int(nanoseconds))
        return [spec, spec]
    }
}
