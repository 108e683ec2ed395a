#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The names in a directory, without `.` and `..`.
/// - Parameters:
///   - parent: Directory descriptor that `name` is relative to.
///   - name: The directory; a symlink here is refused (`ELOOP`).
/// - Returns: The raw names, sorted bytewise.
/// - Throws: ``ZipError/Code/io``.
func directoryNames(_ parent: Int32, _ name: [UInt8], what: @autoclosure () -> String) throws -> [[UInt8]] {
    let raw = withCPath(name) { openat(parent, $0, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC) }
    guard raw >= 0 else { throw ZipError.system("cannot open directory \(what())") }
    return try directoryNames(taking: raw, what: what())
}

/// The names in the directory open at `fd`, which this call closes.
/// - Throws: ``ZipError/Code/io``.
func directoryNames(taking fd: Int32, what: @autoclosure () -> String) throws -> [[UInt8]] {
    guard let stream = fdopendir(fd) else {
        close(fd)
        throw ZipError.system("cannot read directory \(what())")
    }
    defer { closedir(stream) }
    var names: [[UInt8]] = []
    while true {
        errno = 0
        guard let entry = readdir(stream) else {
            if errno != 0 { throw ZipError.system("cannot read directory \(what())") }
            break
        }
        let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
            Array(raw.prefix { $0 != 0 })
        }
        if name == [UInt8(ascii: ".")] || name == [UInt8(ascii: "."), UInt8(ascii: ".")] { continue }
        names.append(name)
    }
    return names.sorted { $0.lexicographicallyPrecedes($1) }
}

/// Removes a file, symlink or directory tree without following symlinks, making directories writable first.
/// - Parameters:
///   - parent: Directory descriptor that `name` is relative to.
///   - name: What to remove; nothing happens if it does not exist.
/// - Throws: ``ZipError/Code/io``.
func removeTree(_ parent: Int32, _ name: [UInt8]) throws {
    let display = String(decoding: name, as: UTF8.self)
    guard let info = try statIfExists(parent, name, what: display) else { return }
    if fileType(info) == S_IFDIR {
        _ = withCPath(name) { fchmodat(parent, $0, 0o700, 0) }
        let raw = withCPath(name) { openat(parent, $0, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC) }
        guard raw >= 0 else { throw ZipError.system("cannot open \(display) to remove it") }
        let directory = FileDescriptor(taking: raw)
        let listing = dup(directory.raw)
        guard listing >= 0 else { throw ZipError.system("cannot open \(display) to remove it") }
        for child in try directoryNames(taking: listing, what: display) {
            try removeTree(directory.raw, child)
        }
        guard withCPath(name, { unlinkat(parent, $0, AT_REMOVEDIR) }) == 0 else {
            throw ZipError.system("cannot remove directory \(display)")
        }
    } else {
        guard withCPath(name, { unlinkat(parent, $0, 0) }) == 0 || errno == ENOENT else {
            throw ZipError.system("cannot remove \(display)")
        }
    }
}
