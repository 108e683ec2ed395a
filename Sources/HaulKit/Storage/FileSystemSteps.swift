import CHaulSystem
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// File-system steps around a download that are not about the part file's bytes.
enum FileSystemSteps {
    /// Renames `source` to `destination` atomically, then flushes the directory so the rename survives power loss.
    /// A `destination` on another file system (a folder rule's directory) is copied there instead
    /// (`moveAcrossFileSystems`).
    ///
    /// - Parameter replacing: when false, fails with `.fileExists` instead of replacing an existing destination.
    static func promote(_ source: String, to destination: String, replacing: Bool) throws {
        if !replacing, access(destination, F_OK) == 0 {
            throw HaulError(.fileExists, "\(destination) already exists", remedy: .allowOverwrite)
        }
        guard rename(source, destination) == 0 else {
            if errno == EXDEV { return try moveAcrossFileSystems(source, to: destination, replacing: replacing) }
            throw HaulError.io("cannot rename \(source) to", path: destination, errno: errno)
        }
        try synchronizeDirectory(of: destination)
    }

    /// `fsync`s the directory that contains `path`, in a round shared with the other renames into it
    /// (`DirectoryFlusher`): returns once a flush that started after the call has finished.
    static func synchronizeDirectory(of path: String) throws {
        try DirectoryFlusher.flush(parentDirectory(of: path))
    }

    /// Whether a file or directory exists at `path`.
    static func exists(_ path: String) -> Bool {
        access(path, F_OK) == 0
    }

    /// Whether a name exists at `path` at all, a dangling symbolic link included (`lstat`).
    static func isNamePresent(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0
    }

    /// Whether `path` (its symbolic links followed) is a directory.
    static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    /// Whether `path` (its symbolic links followed) is a regular file.
    static func isRegularFile(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
    }

    /// Deletes `path` when it is a regular file itself (not a symbolic link, whatever it points to): for a `.part`
    /// file, which haul only ever creates as one (`PartFile` refuses anything else, and leaves it for its owner).
    static func removeRegularFile(_ path: String) throws {
        var info = stat()
        guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return }
        try remove(path)
    }

    /// The size of the file at `path`, or `nil` when it does not exist.
    static func size(of path: String) -> Int64? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return Int64(info.st_size)
    }

    /// Deletes a file, ignoring "does not exist".
    static func remove(_ path: String) throws {
        guard unlink(path) == 0 || errno == ENOENT else { throw HaulError.io("cannot delete", path: path, errno: errno) }
    }

    /// The directory part of `path` (`.` when there is none).
    static func parentDirectory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        let parent = String(path[..<slash])
        return parent.isEmpty ? "/" : parent
    }
}
