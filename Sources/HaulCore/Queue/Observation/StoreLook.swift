/// What the store's change log says since a reader's last look: the entries after it, and where the log was last cut.
public struct ChangeLogRead: Sendable, Equatable {
    /// Entries up to this number were cut from the log (0: never cut).
    public var cutUpTo: Int64
    /// The newest entry read (the look's own point when there were none).
    public var last: Int64
    /// The downloads changed, in the log's order (repeats possible).
    public var ids: [Int64]

    public init(cutUpTo: Int64, last: Int64, ids: [Int64]) {
        self.cutUpTo = cutUpTo
        self.last = last
        self.ids = ids
    }
}

/// Which held downloads a look at the store reads (`DownloadManager.poll`), decided from SQLite's `data_version` and
/// the store's change log (`DownloadStore+Changes`). Pure: the manager reads, this decides.
///
/// - No other process committed since the last look (`data_version` unchanged): none but the downloads another
///   process runs, whose end (a `kill -9`, no commit) only their file's lock tells.
/// - Another process committed, and the log covers the time since the last look: the downloads it names, plus those.
/// - Otherwise (no earlier point, the log cut past it, or unreadable): every held download, as before the log.
public enum StoreLook: Sendable, Equatable {
    case runElsewhere
    case changed(Set<Int64>)
    case everything

    /// - Parameters:
    ///   - versionMoved: whether `data_version` differs from the last look's (or could not be read).
    ///   - seen: the log entry the last look read up to, `nil` when none is known.
    ///   - log: the log since `seen`, `nil` when it could not be read.
    public static func decide(versionMoved: Bool, seen: Int64?, log: ChangeLogRead?) -> StoreLook {
        guard versionMoved else { return .runElsewhere }
        guard let seen, let log, log.cutUpTo <= seen else { return .everything }
        return .changed(Set(log.ids))
    }
}
