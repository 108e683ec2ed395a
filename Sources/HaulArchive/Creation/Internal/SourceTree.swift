import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A file, directory or symlink to archive.
struct SourceItem {
    enum Kind { case file, directory, symlink }

    var kind: Kind
    /// The entry name; directories end with `/`.
    var archiveName: [UInt8]
    /// The absolute path on disk.
    var path: [UInt8]
    /// The full `st_mode`, type bits included.
    var mode: mode_t
    /// Content size: file length or symlink target length.
    var size: UInt64
    var modificationTime: FileTime
    var linkTarget: [UInt8]?

    var displayName: String { String(decoding: archiveName, as: UTF8.self) }
}

/// Lists what to archive: each input and, for directories, everything below, in sorted pre-order.
enum SourceTree {
    /// Walks the inputs without following symlinks.
    /// - Parameters:
    ///   - inputs: Files, directories or symlinks; each is named in the archive by its last path component.
    ///   - excluded: Device and inode of a file to leave out (the archive being replaced).
    /// - Returns: The items, parents before children.
    /// - Throws: ``ZipError/Code/duplicateEntry`` when two inputs share a name, ``ZipError/Code/unsafeEntryPath``
    ///   for names a safe extractor would refuse (backslashes), ``ZipError/Code/unsupportedFeature`` for devices,
    ///   FIFOs and sockets, ``ZipError/Code/io``.
    static func collect(_ inputs: [URL], excluding excluded: (dev_t, ino_t)?) throws -> [SourceItem] {
        var items: [SourceItem] = []
        var names = Set<[UInt8]>()
        for input in inputs {
            let path = input.standardizedFileURL.path
            let name = Array(URL(fileURLWithPath: path).lastPathComponent.utf8)
            guard path != "/", !name.isEmpty else {
                throw ZipError(.unsafeEntryPath, "cannot archive \(path): it has no name to store it under")
            }
            guard names.insert(name).inserted else {
                throw ZipError(
                    .duplicateEntry, "two inputs would both be stored as '\(String(decoding: name, as: UTF8.self))'")
            }
            try visit(Array(path.utf8), name: name, excluded: excluded, into: &items)
        }
        return items
    }

    private static func visit(
        _ path: [UInt8], name: [UInt8], excluded: (dev_t, ino_t)?, into items: inout [SourceItem]
    ) throws {
        let display = String(decoding: path, as: UTF8.self)
        guard let info = try statIfExists(AT_FDCWD, path, what: display) else {
            throw ZipError.system("cannot archive \(display)", errno: ENOENT)
        }
        if let excluded, info.st_dev == excluded.0, info.st_ino == excluded.1 { return }
        do {
            _ = try EntryPath.components(of: name)
        } catch let error as ZipError {
            throw ZipError(.unsafeEntryPath, "cannot archive \(display): \(error.message)")
        }
        let time = FileTime(modificationOf: info)
        switch fileType(info) {
        case S_IFREG:
            items.append(
                SourceItem(
                    kind: .file, archiveName: name, path: path, mode: info.st_mode, size: UInt64(info.st_size),
                    modificationTime: time))
        case S_IFDIR:
            items.append(
                SourceItem(
                    kind: .directory, archiveName: name + [UInt8(ascii: "/")], path: path, mode: info.st_mode, size: 0,
                    modificationTime: time))
            for child in try directoryNames(AT_FDCWD, path, what: display) {
                let slash = UInt8(ascii: "/")
                try visit(path + [slash] + child, name: name + [slash] + child, excluded: excluded, into: &items)
            }
        case S_IFLNK:
            let target = try readLink(path, display: display)
            items.append(
                SourceItem(
                    kind: .symlink, archiveName: name, path: path, mode: info.st_mode, size: UInt64(target.count),
                    modificationTime: time, linkTarget: target))
        default:
            throw ZipError(.unsupportedFeature, "cannot archive \(display): not a file, directory or symlink")
        }
    }

    private static func readLink(_ path: [UInt8], display: String) throws -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = withCPath(path) { path in
            buffer.withUnsafeMutableBytes {
                readlink(path, $0.baseAddress!.assumingMemoryBound(to: CChar.self), $0.count)
            }
        }
        guard count >= 0 else { throw ZipError.system("cannot read the symlink \(display)") }
        return Array(buffer[0..<count])
    }
}
