import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Where an extraction ends up and how the finished staging directory gets there.
struct ExtractionTarget {
    /// How the staging directory becomes the destination.
    enum Commit: Equatable {
        /// The destination does not exist: rename the staging directory to it.
        case rename
        /// The destination is an empty directory: remove it, rename the staging directory over it, keep its mode.
        case replaceEmptyDirectory(mode_t)
        /// The destination is a directory with content: move the entries into it one by one.
        case merge
    }

    /// The destination, absolute; when the path given is a symlink to a directory, the directory it points to.
    var path: String
    /// The directory holding the destination.
    var parentPath: String
    /// The destination's last component.
    var name: [UInt8]
    var commit: Commit

    /// Inspects the destination, creating its missing parent directories.
    /// - Parameter url: The destination directory asked for.
    /// - Returns: The target.
    /// - Throws: ``ZipError/Code/destinationExists`` when the destination exists and is not a directory,
    ///   ``ZipError/Code/io`` when its parent cannot be created.
    static func resolve(_ url: URL) throws -> ExtractionTarget {
        var path = url.standardizedFileURL.path
        var info = stat()
        if lstat(path, &info) == 0, fileType(info) == S_IFLNK {
            guard let resolved = realPath(path), stat(resolved, &info) == 0, fileType(info) == S_IFDIR else {
                throw ZipError(.destinationExists, "the destination \(path) is a symlink, and not to a directory")
            }
            path = resolved
        }
        if lstat(path, &info) == 0 {
            guard fileType(info) == S_IFDIR else {
                throw ZipError(.destinationExists, "the destination \(path) exists and is not a directory")
            }
            let isEmpty = try directoryNames(AT_FDCWD, Array(path.utf8), what: path).isEmpty
            let location = URL(fileURLWithPath: realPath(path) ?? path)
            return ExtractionTarget(
                path: location.path, parentPath: location.deletingLastPathComponent().path,
                name: Array(location.lastPathComponent.utf8),
                commit: isEmpty ? .replaceEmptyDirectory(info.st_mode & 0o7777) : .merge)
        }
        guard errno == ENOENT else { throw ZipError.system("cannot inspect the destination \(path)") }
        let location = URL(fileURLWithPath: path)
        let parent = location.deletingLastPathComponent().path
        do {
            try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true)
        } catch {
            throw ZipError(.io, "cannot create \(parent): \(error.localizedDescription)")
        }
        let parentPath = realPath(parent) ?? parent
        return ExtractionTarget(
            path: URL(fileURLWithPath: parentPath).appendingPathComponent(location.lastPathComponent).path,
            parentPath: parentPath, name: Array(location.lastPathComponent.utf8), commit: .rename)
    }
}

/// `realpath(3)`, or `nil` when the path does not resolve.
func realPath(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
}
