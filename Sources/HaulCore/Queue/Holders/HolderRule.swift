/// Who holds a download, as seen from the process that asks: the `haul` process whose queue has it (it shows its
/// bar, follows the store about once a second, and runs it when the store says it is back in line).
public enum DownloadHolder: Hashable, Sendable {
    /// No live `haul` process holds it (none ever did, or the one that did has ended, `kill -9` included).
    case none
    /// The process that asks.
    case thisProcess
    /// Another live process, `pid`. `waitsWhenPaused`: it offers keys (a bar on a terminal), so a download paused
    /// there waits for **space** instead of ending that process; one that offers none ends once nothing runs.
    case otherProcess(pid: Int32, waitsWhenPaused: Bool)
}

/// What a `haul pause ID` or `haul resume ID` (or the daemon's `aria2.pause`/`aria2.unpause`) asks of a download.
public enum HolderRequest: Hashable, Sendable {
    case pause
    case resume
}

/// What the asking process does with the request (`HolderRule.decide`).
public enum HolderVerdict: Hashable, Sendable {
    /// No other process is concerned: do it here (a resume runs the download in this process).
    case here
    /// Store `state`; the holder, `pid`, follows the store and pauses or resumes the download itself, keeping its
    /// bar and its own exit code. The asking command says so and ends with 0.
    case handTo(pid: Int32, store: DownloadState)
    /// Already what was asked, in the holder `pid` (running or in line there; paused there): nothing to store.
    case alreadyIn(pid: Int32, DownloadState)
}

/// The cross-process rule for pause and resume: a download stays in the process that holds it.
///
/// Rules (tests cite them by number, `HolderRuleTests`):
/// 1. No live holder elsewhere (none, this process, or one that has ended): the request is done here, as always. A
///    resume then runs the download in the asking process.
/// 2. A resume of a paused or failed download whose holder waits when paused: the store says `queued` and the
///    holder resumes it (within about a second); the asking command does not take it over, it ends with 0.
/// 3. A resume of a download queued or running in a live holder: it already goes on there; nothing changes.
/// 4. A resume of a paused or failed download whose holder does not wait (no keys: it ends once nothing runs):
///    done here (rule 1): that holder is about to end and would not run it.
/// 5. A pause of a download queued or running in a live holder: the store says `paused` and the holder stops it
///    (as `haul pause` always did); a pause of one paused there changes nothing.
/// 6. Completed and cancelled downloads are never handed: the usual refusals and messages apply (rule 1).
public enum HolderRule {
    /// The verdict for `request` on a download stored as `state`, held by `holder`.
    public static func decide(_ request: HolderRequest, state: DownloadState, holder: DownloadHolder) -> HolderVerdict {
        guard case .otherProcess(let pid, let waits) = holder else { return .here }  // rule 1
        switch (request, state) {
        case (_, .completed), (_, .cancelled):
            return .here  // rule 6
        case (.resume, .queued), (.resume, .downloading):
            return .alreadyIn(pid: pid, state)  // rule 3
        case (.resume, .paused), (.resume, .failed):
            return waits ? .handTo(pid: pid, store: .queued) : .here  // rules 2 and 4
        case (.pause, .queued), (.pause, .downloading):
            return .handTo(pid: pid, store: .paused)  // rule 5
        case (.pause, .paused):
            return .alreadyIn(pid: pid, .paused)  // rule 5
        case (.pause, .failed):
            return .here  // refused as always (a failed download cannot be paused)
        }
    }
}
