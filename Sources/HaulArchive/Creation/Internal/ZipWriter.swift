#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Buffered, append-mostly output for an archive, with patching of headers written earlier and truncation
/// (to redo an entry stored instead of deflated).
final class ZipWriter {
    let fd: Int32
    private let buffer = ByteBuffer(count: 1 << 20)
    private var buffered = 0
    private var flushed: UInt64 = 0
    private let path: String

    /// The logical end of the archive so far.
    var position: UInt64 { flushed + UInt64(buffered) }

    /// - Parameters:
    ///   - fd: A new, empty file open for writing; borrowed.
    ///   - path: For messages.
    init(fd: Int32, path: String) {
        self.fd = fd
        self.path = path
    }

    func append(_ bytes: [UInt8]) throws {
        try bytes.withUnsafeBytes { try append($0) }
    }

    func append(_ bytes: UnsafeRawBufferPointer) throws {
        if bytes.count > buffer.count - buffered { try flush() }
        if bytes.count >= buffer.count {
            try writeAll(fd, bytes, what: path)
            flushed += UInt64(bytes.count)
            return
        }
        buffer.bytes.baseAddress!.advanced(by: buffered).copyMemory(from: bytes.baseAddress!, byteCount: bytes.count)
        buffered += bytes.count
    }

    /// Lets `body` produce bytes straight into the buffer, at least 256 KiB of space.
    /// - Parameter body: Returns how many bytes it wrote.
    func produce(_ body: (UnsafeMutableRawBufferPointer) throws -> Int) throws {
        if buffer.count - buffered < buffer.count / 4 { try flush() }
        let space = UnsafeMutableRawBufferPointer(rebasing: buffer.bytes[buffered...])
        let produced = try body(space)
        precondition(produced >= 0 && produced <= space.count)
        buffered += produced
    }

    /// Overwrites bytes written earlier.
    func patch(at offset: UInt64, _ bytes: [UInt8]) throws {
        precondition(offset + UInt64(bytes.count) <= position)
        if offset < flushed {
            try flush()
            try bytes.withUnsafeBytes { try writeAll(fd, $0, at: offset, what: path) }
            return
        }
        let start = Int(offset - flushed)
        for (i, byte) in bytes.enumerated() { buffer.bytes[start + i] = byte }
    }

    /// Drops everything after `offset`.
    func truncate(to offset: UInt64) throws {
        precondition(offset <= position)
        if offset >= flushed {
            buffered = Int(offset - flushed)
            return
        }
        buffered = 0
        guard ftruncate(fd, off_t(offset)) == 0, lseek(fd, off_t(offset), SEEK_SET) >= 0 else {
            throw ZipError.system("cannot truncate \(path)")
        }
        flushed = offset
    }

    func flush() throws {
        guard buffered > 0 else { return }
        try writeAll(fd, buffer.prefix(buffered), what: path)
        flushed += UInt64(buffered)
        buffered = 0
    }
}
