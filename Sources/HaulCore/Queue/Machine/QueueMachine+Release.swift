/// Letting go of downloads that have ended, so that a long list costs memory for what is in line, not for what
/// has passed (`haul -i` with 100,000 URLs).
extension QueueMachine {
    /// How many downloads are active: running, or queued for this process to start.
    public var activeCount: Int {
        var count = 0
        for download in downloads.values
        where download.state == .downloading || (download.state == .queued && download.owner == .thisProcess) {
            count += 1
        }
        return count
    }

    /// Forgets a download that has ended here, completed or failed: it holds nothing, no run of it reports any
    /// more, and its record stays in the store as it is. Nothing else changes (no action: nothing to do).
    ///
    /// - Returns: whether it was let go of; not for a download queued, running or paused (the user may still
    ///   resume a paused one here), nor one the machine does not hold.
    public mutating func release(_ id: Int64) -> Bool {
        guard let known = downloads[id], known.state == .completed || known.state == .failed else { return false }
        downloads[id] = nil
        return true
    }
}
