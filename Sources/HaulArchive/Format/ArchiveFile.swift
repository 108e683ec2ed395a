#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A zip file opened for reading, with a read-ahead window for the many small header reads.
final class ArchiveFile {
    let descriptor: FileDescriptor
    let size: UInt64
    let path: String
    private var window: [UInt8] = []
    private var windowStart: UInt64 = 0
    private static let windowSize = 256 * 1024

    var fd: Int32 { descriptor.raw }

    /// Opens the archive at `path`.
    /// - Parameter path: A regular file.
    /// - Throws: ``ZipError/Code/io`` when it cannot be opened or is not a regular file.
    init(path: String) throws {
        let raw = open(path, O_RDONLY | O_CLOEXEC)
        guard raw >= 0 else { throw ZipError.system("cannot open archive \(path)") }
        descriptor = FileDescriptor(taking: raw)
        var info = stat()
        guard fstat(raw, &info) == 0 else { throw ZipError.system("cannot inspect archive \(path)") }
        guard fileType(info) == S_IFREG else {
            throw ZipError(.io, "\(path) is not a regular file", cause: SystemError(errno: EINVAL))
        }
        self.size = UInt64(info.st_size)
        self.path = path
    }

    /// Reads `count` bytes at `offset`; fewer when the file ends first.
    /// - Returns: The bytes, possibly fewer than asked for.
    /// - Throws: ``ZipError/Code/io`` when reading fails.
    func bytes(at offset: UInt64, count: Int) throws -> [UInt8] {
        guard offset < size, count > 0 else { return [] }
        let available = Int(min(UInt64(count), size - offset))
        if offset >= windowStart, offset + UInt64(available) <= windowStart + UInt64(window.count) {
            let start = Int(offset - windowStart)
            return Array(window[start..<start + available])
        }
        if available > Self.windowSize {
            return try readDirect(at: offset, count: available)
        }
        window = try readDirect(at: offset, count: Int(min(UInt64(Self.windowSize), size - offset)))
        windowStart = offset
        return Array(window[0..<min(available, window.count)])
    }

    private func readDirect(at offset: UInt64, count: Int) throws -> [UInt8] {
        var result = [UInt8](repeating: 0, count: count)
        let got = try result.withUnsafeMutableBytes { try readFully(fd, into: $0, at: offset, what: "archive \(path)") }
        result.removeSubrange(got...)
        return result
    }
}
