import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Moving a finished file to another directory (folder rules), which may be on another file system.
extension FileSystemSteps {
    /// Creates `directory` and its missing parents, as `-d` does.
    ///
    /// - Throws: `.io` naming the directory.
    static func createDirectories(_ directory: String) throws {
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw HaulError(.io, "cannot create directory \(directory): \(error.localizedDescription)")
        }
    }

    /// Moves `source` to `destination` on another file system without ever losing it (`rename` answers `EXDEV`
    /// there): the bytes are copied to a hidden name beside `destination` and flushed, that name is renamed to
    /// `destination` and the directory flushed, and only then is `source` deleted. Until the rename, a failure
    /// deletes the copy and leaves `source` as it was; after it, the file is in place whatever else happens (a
    /// `source` that cannot be deleted stays behind, a copy too many rather than a file too few).
    ///
    /// - Parameter replacing: when false, fails with `.fileExists` instead of replacing an existing destination.
    static func moveAcrossFileSystems(_ source: String, to destination: String, replacing: Bool) throws {
        let name = destination.split(separator: "/").last.map(String.init) ?? destination
        let temporary = parentDirectory(of: destination) + "/.\(name).haul-move-\(getpid())"
        do {
            try copyFlushed(source, to: temporary)
            if !replacing, access(destination, F_OK) == 0 {
                throw HaulError(.fileExists, "\(destination) already exists", remedy: .allowOverwrite)
            }
            guard rename(temporary, destination) == 0 else {
                throw HaulError.io("cannot rename \(temporary) to", path: destination, errno: errno)
            }
        } catch {
            unlink(temporary)
            throw error
        }
        try synchronizeDirectory(of: destination)
        try? remove(source)
        try? synchronizeDirectory(of: source)
    }

    /// Copies `source` into a new file `copy` (refused if anything is there, a symbolic link included) with the
    /// same permissions, and flushes it to stable storage.
    private static func copyFlushed(_ source: String, to copy: String) throws {
        let input = open(source, O_RDONLY | O_CLOEXEC)
        guard input >= 0 else { throw HaulError.io("cannot open", path: source, errno: errno) }
        defer { close(input) }
        var info = stat()
        guard fstat(input, &info) == 0 else { throw HaulError.io("cannot read the size of", path: source, errno: errno) }
        let output = open(copy, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode_t(info.st_mode & 0o777))
        guard output >= 0 else { throw HaulError.io("cannot create", path: copy, errno: errno) }
        defer { close(output) }
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let got = buffer.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
            if got < 0, errno == EINTR { continue }
            guard got >= 0 else { throw HaulError.io("cannot read", path: source, errno: errno) }
            if got == 0 { break }
            var written = 0
            while written < got {
                let count = buffer.withUnsafeBytes { write(output, $0.baseAddress! + written, got - written) }
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { throw HaulError.io("cannot write", path: copy, errno: errno) }
                written += count
            }
        }
        guard fsync(output) == 0 else { throw HaulError.io("cannot flush", path: copy, errno: errno) }
    }
}
