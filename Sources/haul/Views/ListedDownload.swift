import Foundation
import HaulCore
import HaulKit

/// One row of `haul list`.
struct ListedDownload {
    var id: Int64
    var name: String
    var path: String
    var url: String
    /// The stored state, or "interrupted" for a download stored as running that no process holds.
    var shownState: String
    var bytes: Int64
    var total: Int64?
    var speed: Double
    var error: String?
    var priority: Int
    /// What crossed the wire for it and what its file kept, over all its runs (issue 56): in the JSON forms only.
    var wire: WireBytes?

    init(
        id: Int64, path: String, url: String, shownState: String, bytes: Int64, total: Int64?, speed: Double,
        error: String?, priority: Int, wire: WireBytes? = nil
    ) {
        self.id = id
        self.path = path
        name = (path as NSString).lastPathComponent
        self.url = url
        self.shownState = shownState
        self.bytes = bytes
        self.total = total
        self.speed = speed
        self.error = error
        self.priority = priority
        self.wire = wire
    }

    init(_ download: StoredDownload) {
        id = download.id.rawValue
        path = download.destination.path
        name = (path as NSString).lastPathComponent
        url = download.url.absoluteString
        total = download.totalBytes
        priority = download.priority
        error = download.errorMessage
        shownState = download.state == .downloading && !download.isRunning ? "interrupted" : download.state.rawValue
        speed = download.speed
        bytes = download.bytesDone
        // A download stopped by Ctrl-C or `q` is stored as queued (so that the next run takes it up by itself);
        // with bytes held, "interrupted" says what happened better than "queued".
        if download.state == .queued, bytes > 0 { shownState = "interrupted" }
    }

    /// What the NAME column shows: the file name, or, for names that several rows share (two `1G.bin` in
    /// different directories), the path: relative to `workingDirectory` when under it, else absolute.
    static func distinctNames(_ rows: [ListedDownload], workingDirectory: String) -> [Int64: String] {
        distinctNames(paths: Dictionary(rows.map { ($0.id, $0.path) }) { first, _ in first }, workingDirectory: workingDirectory)
    }

    /// `distinctNames` from each download's file path, by id (a list read a page at a time tells names apart over
    /// every row).
    static func distinctNames(paths: [Int64: String], workingDirectory: String) -> [Int64: String] {
        var counts: [String: Int] = [:]
        for path in paths.values { counts[(path as NSString).lastPathComponent, default: 0] += 1 }
        var names: [Int64: String] = [:]
        let prefix = workingDirectory.hasSuffix("/") ? workingDirectory : workingDirectory + "/"
        for (id, path) in paths {
            let name = (path as NSString).lastPathComponent
            if counts[name, default: 0] > 1 {
                names[id] = path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
            } else {
                names[id] = name
            }
        }
        return names
    }

    var fraction: Double? {
        guard let total else { return nil }
        return total == 0 ? 1 : min(1, Double(bytes) / Double(total))
    }
}
