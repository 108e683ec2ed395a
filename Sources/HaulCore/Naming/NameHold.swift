/// Which unfinished downloads hold their name against a download of another URL.
///
/// A name is held by what someone may still want at it: a download that is queued, running or paused, or one that
/// failed with bytes in its `.part` (run it again and it resumes). A download that failed before its `.part` held a
/// byte (a refused connection, a wrong port, a 404) has nothing to resume and nothing on disk: it holds no name.
/// A download of another URL takes that name, and the failed record is dropped in the same transaction, so that
/// `haul http://host:WRONG/f.bin` followed by the right URL saves `f.bin`, not `f.1.bin` (issue 60, point 4).
/// The same URL retried takes its record back, as any unfinished download of the same URL (`DestinationPlanner`).
///
/// Cancelled and removed downloads hold nothing already: a cancel deletes the `.part`, a remove the record.
public enum NameHold {
    /// Whether an unfinished download in `state` keeps its name from a download of another URL.
    ///
    /// - Parameter partBytes: The durable bytes its `.part` backs (what its segments count), `nil` when there is no
    ///   `.part`: a `.part` may be preallocated to the file's length before a byte arrives.
    public static func holds(state: DownloadState, partBytes: Int64?) -> Bool {
        switch state {
        case .queued, .downloading, .paused:
            return true
        case .failed:
            return (partBytes ?? 0) > 0
        case .completed, .cancelled:
            // Not unfinished: a completed download's name is held by its file (`DestinationOccupant.completedDownload`).
            return false
        }
    }
}
