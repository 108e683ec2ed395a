#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Creates planned items under the staging directory, relative to its descriptor.
///
/// Every path is walked one component at a time with `O_NOFOLLOW | O_DIRECTORY`, and files are created with
/// `O_CREAT | O_EXCL | O_NOFOLLOW`, so nothing is ever written through a symlink, whatever the plan says.
final class StagingTree {
    private let root: Int32
    private var cachedParent: (key: [UInt8], fd: Int32)?

    /// - Parameter root: The staging directory; borrowed, not closed.
    init(root: Int32) {
        self.root = root
    }

    deinit {
        if let cachedParent { close(cachedParent.fd) }
    }

    /// Creates a directory: mode 0700 until ``applyDirectoryMetadata(_:)`` when the archive names it, else 0777
    /// under the umask.
    /// - Throws: ``ZipError/Code/io``.
    func makeDirectory(_ item: PlannedItem) throws {
        let parent = try parentDirectory(of: item)
        let mode: mode_t = item.permissions == nil ? 0o777 : 0o700
        guard withCPath(item.components.last!, { mkdirat(parent, $0, mode) }) == 0 else {
            throw ZipError.system("cannot create directory '\(item.displayPath)'", entry: item.displayPath)
        }
    }

    /// Creates a new file, lets `write` fill it, then sets its mode and modification time.
    /// - Parameters:
    ///   - item: The file.
    ///   - write: Receives the open descriptor.
    /// - Throws: ``ZipError/Code/io``, or what `write` throws.
    func createFile(_ item: PlannedItem, write: (Int32) throws -> Void) throws {
        let file = try openFile(item)
        try write(file.raw)
        try finishFile(item, file)
    }

    /// Creates a new, empty file, mode 0600, for writing.
    /// - Throws: ``ZipError/Code/io``, ``ZipError/Code/writeThroughSymlink``.
    func openFile(_ item: PlannedItem) throws -> FileDescriptor {
        let parent = try parentDirectory(of: item)
        let raw = withCPath(item.components.last!) {
            openat(parent, $0, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        }
        guard raw >= 0 else { throw ZipError.system("cannot create '\(item.displayPath)'", entry: item.displayPath) }
        return FileDescriptor(taking: raw)
    }

    /// Sets a written file's mode and modification time, then closes it, reporting a failed close.
    /// - Throws: ``ZipError/Code/io``.
    func finishFile(_ item: PlannedItem, _ file: consuming FileDescriptor) throws {
        if let permissions = item.permissions, fchmod(file.raw, permissions) != 0 {
            throw ZipError.system("cannot set the mode of '\(item.displayPath)'", entry: item.displayPath)
        }
        if let time = item.modificationTime {
            let result = time.timespecs.withUnsafeBufferPointer { futimens(file.raw, $0.baseAddress) }
            guard result == 0 else {
                throw ZipError.system("cannot set the time of '\(item.displayPath)'", entry: item.displayPath)
            }
        }
        try file.closeChecked("'\(item.displayPath)'")
    }

    /// Creates a symlink and sets its own modification time.
    /// - Throws: ``ZipError/Code/io``.
    func createSymlink(_ item: PlannedItem, target: [UInt8]) throws {
        let parent = try parentDirectory(of: item)
        let name = item.components.last!
        let created = withCPath(target) { target in withCPath(name) { symlinkat(target, parent, $0) } }
        guard created == 0 else {
            throw ZipError.system("cannot create symlink '\(item.displayPath)'", entry: item.displayPath)
        }
        if let time = item.modificationTime {
            let result = time.timespecs.withUnsafeBufferPointer { times in
                withCPath(name) { utimensat(parent, $0, times.baseAddress, AT_SYMLINK_NOFOLLOW) }
            }
            guard result == 0 else {
                throw ZipError.system("cannot set the time of '\(item.displayPath)'", entry: item.displayPath)
            }
        }
    }

    /// Sets a directory's mode and time; called deepest first, after everything inside it exists.
    /// - Throws: ``ZipError/Code/io``.
    func applyDirectoryMetadata(_ item: PlannedItem) throws {
        guard item.permissions != nil || item.modificationTime != nil else { return }
        let parent = try parentDirectory(of: item)
        let raw = withCPath(item.components.last!) {
            openat(parent, $0, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        }
        guard raw >= 0 else { throw ZipError.system("cannot open '\(item.displayPath)'", entry: item.displayPath) }
        let directory = FileDescriptor(taking: raw)
        if let permissions = item.permissions, fchmod(directory.raw, permissions) != 0 {
            throw ZipError.system("cannot set the mode of '\(item.displayPath)'", entry: item.displayPath)
        }
        if let time = item.modificationTime {
            let result = time.timespecs.withUnsafeBufferPointer { futimens(directory.raw, $0.baseAddress) }
            guard result == 0 else {
                throw ZipError.system("cannot set the time of '\(item.displayPath)'", entry: item.displayPath)
            }
        }
    }

    /// The descriptor of the directory holding `item`, walked from the root without following symlinks.
    private func parentDirectory(of item: PlannedItem) throws -> Int32 {
        let parents = item.components.dropLast()
        if parents.isEmpty { return root }
        let key = EntryPath.key(parents)
        if let cachedParent, cachedParent.key == key { return cachedParent.fd }
        var current = root
        for component in parents {
            let next = withCPath(component) { openat(current, $0, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC) }
            let failure = errno
            let isSymlink = next < 0 && (try? statIfExists(current, component, what: ""))?.map(fileType) == S_IFLNK
            if current != root { close(current) }
            guard next >= 0 else {
                if isSymlink {
                    throw ZipError(
                        .writeThroughSymlink,
                        "refusing entry '\(item.displayPath)': a parent directory is a symlink",
                        entry: item.displayPath, cause: SystemError(errno: failure))
                }
                throw ZipError.system(
                    "cannot open the parent directory of '\(item.displayPath)'", entry: item.displayPath, errno: failure
                )
            }
            current = next
        }
        if let cachedParent { close(cachedParent.fd) }
        cachedParent = (key, current)
        return current
    }
}
