#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What one look at a name found: whether anything holds it (a dangling symbolic link does), and what it leads to
/// with its symbolic links followed.
///
/// Why one look and not a call per question: deciding what holds a destination (`DownloadStore.occupant`) asked
/// `isNamePresent`, `size(of:)` and `isRegularFile` of one name, each a system call, and opened its `.part` to test
/// the lock even when there was none; for every add of a fresh name (the common case) that was four system calls
/// where two `lstat`s answer the same questions. An `lstat` that fails means `stat` and `open` fail too (they walk the
/// same directories, then look up the same last name), and for a name that is not a symbolic link `stat` finds the
/// same file as `lstat`: only a symbolic link needs a second call, to follow it.
struct NameLook: Equatable, Sendable {
    /// What a name leads to, its symbolic links followed (`stat`).
    struct Target: Equatable, Sendable {
        var isRegularFile: Bool
        var size: Int64
        /// Seconds since 1970 of its last write (`st_mtim.tv_sec`; `st_mtimespec` on Apple platforms).
        var modified: Int
    }

    /// Something holds the name (`lstat` finds it): a file, a directory, a symbolic link, dangling or not.
    var isPresent: Bool
    /// What the name leads to; `nil` when nothing holds it, or for a symbolic link that leads nowhere (or that
    /// cannot be followed).
    var target: Target?

    /// Nothing holds the name.
    static let absent = NameLook(isPresent: false, target: nil)

    init(isPresent: Bool, target: Target?) {
        self.isPresent = isPresent
        self.target = target
    }

    /// The look from the `lstat` of a name (`nil`: it failed) and, asked only when that found a symbolic link, the
    /// `stat` that follows it (`nil`: it failed).
    init(link: stat?, following: () -> stat?) {
        guard let link else {
            self = .absent
            return
        }
        let followed = (link.st_mode & S_IFMT) == S_IFLNK ? following() : link
        self.init(isPresent: true, target: followed.map(Self.target(of:)))
    }

    /// Looks at `path`: one `lstat`, and a `stat` only for a symbolic link.
    static func at(_ path: String) -> NameLook {
        NameLook(link: status(of: path, following: false), following: { status(of: path, following: true) })
    }

    private static func target(of info: stat) -> Target {
        #if canImport(Darwin)
        let modified = Int(info.st_mtimespec.tv_sec)
        #else
        let modified = Int(info.st_mtim.tv_sec)
        #endif
        return Target(isRegularFile: (info.st_mode & S_IFMT) == S_IFREG, size: Int64(info.st_size), modified: modified)
    }

    private static func status(of path: String, following: Bool) -> stat? {
        var info = stat()
        return (following ? stat(path, &info) : lstat(path, &info)) == 0 ? info : nil
    }
}
