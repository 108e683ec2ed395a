import Foundation
import XCTest

/// What a directory tree holds, for comparing an original with its extracted copy.
struct TreeSnapshot: Equatable, CustomStringConvertible {
    struct Item: Equatable {
        var kind: String
        var permissions: Int
        var modificationSecond: Int64
        var content: Data?
        var linkTarget: String?
    }

    var items: [String: Item]

    var description: String {
        items.keys.sorted().map { key in
            let item = items[key]!
            return "\(key) \(item.kind) \(String(item.permissions, radix: 8)) \(item.modificationSecond) "
                + "\(item.content?.count ?? -1) \(item.linkTarget ?? "")"
        }.joined(separator: "\n")
    }

    /// Reads everything below `root` (not `root` itself), without following symlinks.
    init(_ root: URL) throws {
        items = [:]
        let manager = FileManager.default
        for relative in try manager.subpathsOfDirectory(atPath: root.path) {
            let path = root.appendingPathComponent(relative).path
            var info = stat()
            guard lstat(path, &info) == 0 else { throw CocoaError(.fileReadUnknown) }
            let type = info.st_mode & S_IFMT
            var item = Item(
                kind: type == S_IFDIR ? "dir" : type == S_IFLNK ? "link" : "file",
                permissions: Int(info.st_mode & 0o7777), modificationSecond: Int64(info.st_mtim.tv_sec))
            if type == S_IFREG { item.content = try Data(contentsOf: URL(fileURLWithPath: path)) }
            if type == S_IFLNK {
                item.linkTarget = try manager.destinationOfSymbolicLink(atPath: path)
                item.permissions = 0  // Linux ignores symlink permissions
            }
            items[relative] = item
        }
    }
}

/// Sets a modification time without following symlinks.
func setModificationTime(_ url: URL, seconds: Int, nanoseconds: Int = 0) {
    var times = [timespec(tv_sec: seconds, tv_nsec: nanoseconds), timespec(tv_sec: seconds, tv_nsec: nanoseconds)]
    _ = utimensat(AT_FDCWD, url.path, &times, AT_SYMLINK_NOFOLLOW)
}

/// Deterministic pseudo-random bytes.
func randomBytes(_ count: Int, seed: UInt64) -> [UInt8] {
    var state = seed | 1
    return (0..<count).map { _ in
        state ^= state << 13
        state ^= state >> 7
        state ^= state << 17
        return UInt8(truncatingIfNeeded: state)
    }
}
