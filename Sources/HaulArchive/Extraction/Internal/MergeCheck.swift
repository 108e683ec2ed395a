#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Before extracting into a directory that already has content, finds every planned item that would collide
/// with what is there, so that a refusal comes before any work.
enum MergeCheck {
    /// Checks each planned path against the existing destination, walking down without following symlinks.
    /// - Parameters:
    ///   - plan: The items to create.
    ///   - destination: Descriptor of the destination directory.
    ///   - overwrite: Whether existing files and symlinks may be replaced by files and symlinks.
    /// - Throws: ``ZipError/Code/writeThroughSymlink`` when an existing symlink sits where a directory is needed,
    ///   ``ZipError/Code/destinationExists`` for any other collision, ``ZipError/Code/io``.
    static func check(_ plan: ExtractionPlan, destination: Int32, overwrite: Bool) throws {
        var directories = Set<[UInt8]>()
        var absent = Set<[UInt8]>()
        let items =
            plan.directories.map { ($0, true) } + plan.files.map { ($0, false) }
            + plan.symlinks.map { ($0.item, false) }
        for (item, isDirectory) in items {
            var parentsExist = true
            for depth in 1..<item.components.count {
                let key = EntryPath.key(item.components[0..<depth])
                if directories.contains(key) { continue }
                if absent.contains(key) {
                    parentsExist = false
                    break
                }
                let display = String(decoding: key, as: UTF8.self)
                switch try statIfExists(destination, key, what: display).map(fileType) {
                case nil:
                    absent.insert(key)
                    parentsExist = false
                case S_IFDIR?:
                    directories.insert(key)
                    continue
                case S_IFLNK?:
                    throw ZipError(
                        .writeThroughSymlink,
                        "refusing entry '\(item.displayPath)': '\(display)' in the destination is a symlink",
                        entry: item.displayPath)
                default:
                    throw ZipError(
                        .destinationExists,
                        "cannot extract '\(item.displayPath)': '\(display)' in the destination is not a directory",
                        entry: item.displayPath)
                }
                if !parentsExist { break }
            }
            guard parentsExist else { continue }
            let key = EntryPath.key(item.components)
            guard let existing = try statIfExists(destination, key, what: item.displayPath).map(fileType) else {
                continue
            }
            switch (existing == S_IFDIR, isDirectory) {
            case (false, true) where existing == S_IFLNK:
                throw ZipError(
                    .writeThroughSymlink,
                    "refusing entry '\(item.displayPath)': it is a symlink in the destination", entry: item.displayPath)
            case (true, true):
                directories.insert(key)
            case (false, false) where overwrite:
                break
            case (false, false):
                throw ZipError(
                    .destinationExists, "'\(item.displayPath)' already exists in the destination (overwrite is off)",
                    entry: item.displayPath)
            default:
                throw ZipError(
                    .destinationExists,
                    "cannot extract '\(item.displayPath)': the destination has a "
                        + "\(existing == S_IFDIR ? "directory" : "file") of that name", entry: item.displayPath)
            }
        }
    }
}
