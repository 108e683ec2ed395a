/// What to do when a download's destination is taken: by a file, or by another download.
///
/// Haul's rule is "one destination, one download": a download never touches the file, the `.part` or the record of
/// another download that is not finished, whatever the policy. The policy only says what happens to the newcomer.
public enum ConflictPolicy: String, Sendable, Codable, CaseIterable, Hashable {
    /// Save under the first free numbered name, `name.1.ext`, `name.2.ext`, … (aria2's `auto-file-renaming`).
    case rename
    /// Replace an existing file (a regular file only); another unfinished download is still never replaced.
    case overwrite
    /// Refuse with an error that names what holds the destination.
    case fail

    /// The policy aria2's two options ask for (`nil`: not given): `allow-overwrite=true` replaces a file (aria2
    /// looks at it first), `auto-file-renaming=false` refuses, `true` renames; neither gives `fallback`.
    public static func aria2(autoFileRenaming: Bool?, allowOverwrite: Bool?, fallback: ConflictPolicy) -> ConflictPolicy {
        if allowOverwrite == true { return .overwrite }
        switch autoFileRenaming {
        case true?: return .rename
        case false?: return .fail
        case nil: return allowOverwrite == false && fallback == .overwrite ? .fail : fallback
        }
    }
}

/// What holds a path, as the store and the file system see it (looked up by the caller, which does the I/O).
public enum DestinationOccupant: Hashable, Sendable {
    /// Nothing: no file, no live `.part`, no unfinished download.
    case free
    /// A file exists at the path, and no completed download of the same URL explains it.
    case file
    /// An unfinished download (queued, running, paused or failed) writes this path's `.part`.
    case unfinishedDownload(id: Int64, url: String)
    /// A completed download of `url` left the file that is at the path now.
    case completedDownload(id: Int64, url: String)
    /// The `.part` is locked by a process whose records this store does not hold (another state directory).
    case otherProcess
}

/// Why a destination cannot be used.
public enum DestinationConflict: Hashable, Sendable {
    /// A file is there (policy `fail`).
    case fileExists(path: String)
    /// Another unfinished download writes there.
    case heldByDownload(path: String, id: Int64, url: String)
    /// Another process, with another state directory, writes there.
    case heldByOtherProcess(path: String)
    /// `rename` found no free numbered name.
    case noFreeName(path: String)
}

/// The decision for one new download's destination.
public enum DestinationDecision: Hashable, Sendable {
    /// Create a new download writing to `path`; `replacesFile`: a file there is replaced when it completes.
    case create(path: String, replacesFile: Bool)
    /// The unfinished download of the same URL at `path` is this one: take it up ("I want this file").
    case takeUp(id: Int64, path: String)
    /// The same URL was already downloaded completely to `path`: nothing to do.
    case alreadyComplete(id: Int64, path: String)
    /// The destination cannot be used under the policy.
    case refuse(DestinationConflict)
}

/// Decides where a new download goes, given what holds its destination and the numbered names after it: the
/// pure half of "one destination, one download" (the caller looks paths up inside one store transaction, so two
/// adds, in one process or two, never both take a name).
///
/// - The same URL at the same name is the same download: an unfinished one is taken up, a completed one (its
///   file still there) is reported `alreadyComplete` unless the policy is `overwrite`.
/// - Another unfinished download's name is never taken: `rename` moves the newcomer to a numbered name,
///   `overwrite` and `fail` refuse, naming the other download.
/// - A file: `overwrite` replaces it, `rename` moves on, `fail` refuses.
/// - A numbered name that the same URL already holds (an earlier add of it was renamed there) is taken up, or
///   reported complete, like the name itself: adding the same thing twice gives the same download back.
/// - Unless `takesUpSame` is false (aria2's RPC adds): then a download of the same URL holds its name as any other
///   download or file does, and the newcomer is placed by the policy alone.
public enum DestinationPlanner {
    /// The most numbered names tried (aria2 tries 1 to 9999 as well).
    public static let maxNumber = 9999

    public static func decide(
        path: String, url: String, policy: ConflictPolicy, takesUpSame: Bool = true,
        occupant: (String) throws -> DestinationOccupant
    ) rethrows -> DestinationDecision {
        let first = try occupant(path)
        if takesUpSame, let same = sameDownload(first, at: path, url: url, policy: policy) { return same }
        switch (first, policy) {
        case (.free, _):
            return .create(path: path, replacesFile: false)
        case (.file, .overwrite), (.completedDownload, .overwrite):
            return .create(path: path, replacesFile: true)
        case (.file, .fail), (.completedDownload, .fail):
            return .refuse(.fileExists(path: path))
        case (.unfinishedDownload(let id, let other), .fail), (.unfinishedDownload(let id, let other), .overwrite):
            return .refuse(.heldByDownload(path: path, id: id, url: other))
        case (.otherProcess, .fail), (.otherProcess, .overwrite):
            return .refuse(.heldByOtherProcess(path: path))
        case (_, .rename):
            break
        }
        for number in 1...maxNumber {
            let candidate = numbered(path, number)
            let held = try occupant(candidate)
            if takesUpSame, let same = sameDownload(held, at: candidate, url: url, policy: .rename) { return same }
            if held == .free { return .create(path: candidate, replacesFile: false) }
        }
        return .refuse(.noFreeName(path: path))
    }

    /// The decision when `occupant` is the same download as the new one (same URL), else `nil`.
    private static func sameDownload(
        _ occupant: DestinationOccupant, at path: String, url: String, policy: ConflictPolicy
    ) -> DestinationDecision? {
        switch occupant {
        case .unfinishedDownload(let id, let held) where held == url:
            return .takeUp(id: id, path: path)
        case .completedDownload(let id, let held) where held == url && policy != .overwrite:
            return .alreadyComplete(id: id, path: path)
        default:
            return nil
        }
    }

    /// `path` with `.number` before its last extension, as aria2's `auto-file-renaming` does: `a/same.bin` ->
    /// `a/same.1.bin`, `a/README` -> `a/README.1`, `a/.hidden` -> `a/.hidden.1`.
    public static func numbered(_ path: String, _ number: Int) -> String {
        let slash = path.lastIndex(of: "/").map { path.index(after: $0) } ?? path.startIndex
        let name = path[slash...]
        // A dot that starts the name (a hidden file) is not an extension's.
        if let dot = name.lastIndex(of: "."), dot != name.startIndex {
            return String(path[..<dot]) + ".\(number)" + String(path[dot...])
        }
        return path + ".\(number)"
    }
}
