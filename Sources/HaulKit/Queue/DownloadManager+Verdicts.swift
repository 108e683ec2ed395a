import HaulCore

/// The queue's answer to a command before a front-end runs it: a front-end that words refusals in its own terms
/// (the daemon, in aria2's) asks here and never rules on its own copy of a download's state (issue #52 point 3).
extension DownloadManager {
    /// What `command` comes to for download `id` as the queue holds it now (`DownloadCommandRule`), and the state
    /// it ruled on, to word a refusal with.
    ///
    /// A download this manager let go (cancelled or removed) is ruled on as `cancelled`, as `cancel` takes it (a
    /// second cancel does nothing): only its result is left, which a front-end may still list (aria2's `removed`).
    ///
    /// - Returns: `nil` for an id this manager never held.
    package func verdict(_ command: DownloadCommand, of id: DownloadID) -> (verdict: CommandVerdict, state: DownloadState)? {
        let id = id.rawValue
        let state: DownloadState
        if let held = machine.downloads[id] {
            state = held.state
        } else if dropping[id] != nil || dropped.contains(id) {
            state = .cancelled
        } else {
            return nil
        }
        return (DownloadCommandRule.verdict(command, in: state), state)
    }

    /// Puts every paused download back in line, in queue order; a failed one stays failed (`resumePaused`: aria2's
    /// `unpauseAll`; `resumeAll` takes failed ones too).
    package func resumePaused() async {
        // Asked again before each: a resume before it may have changed the download (nothing here waits for that).
        for id in snapshots.map(\.id.rawValue) where machine.downloads[id].map({ Self.allows(.resumePaused, $0) }) == true {
            await quietly("resume", id) { try await self.resume(DownloadID(id)) }
        }
    }
}
