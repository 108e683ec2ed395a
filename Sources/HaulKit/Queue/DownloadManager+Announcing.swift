import Foundation
import HaulCore

/// A queue restored quietly (`restoreQueue`, the daemon's start): its downloads are not announced one by one at the
/// restore (100,000 `.added` events, a snapshot each, were most of a restart's time after the read), but each when
/// something first happens to it. An observer still sees a download's `.added` before any other event about it
/// (its state, progress, end or removal), with the state it was restored in; a download nothing happens to is
/// never announced, and observers that need its facts read them on demand (`snapshot`, the store).
extension DownloadManager {
    /// The download `event` names, if it was restored quietly and is not announced yet, with its machine entry
    /// before the event: the event may drop it from the machine (a cancel, a look at the store that found it gone),
    /// and its `.added` must still tell what it was.
    func quietDownload(of event: QueueEvent) -> (id: Int64, held: QueueMachine.Download)? {
        guard let id = Self.download(namedBy: event), entries[id]?.unannouncedState != nil, let held = machine.downloads[id] else {
            return nil
        }
        return (id, held)
    }

    /// Announces (`.added`) every quietly restored download that `actions` are about and that is not announced
    /// yet, before the actions run; returns `actions` without the quiet restore's own announcements
    /// (`announceAdded` of a download restored quietly: its state is kept for its `.added` instead).
    ///
    /// - Parameter before: the machine entry of the event's own download before the event (`quietDownload`).
    func announceQuiet(_ actions: [QueueAction], before: (id: Int64, held: QueueMachine.Download)?) -> [QueueAction] {
        var kept: [QueueAction] = []
        kept.reserveCapacity(actions.count)
        for action in actions {
            // One lookup, the entry changed in place (a restart takes up 100,000 through here).
            if case .announceAdded(let id, let state) = action, let index = entries.index(forKey: id),
                Self.keepUnannounced(state, in: &entries.values[index])
            {
                continue
            }
            kept.append(action)
            guard let id = Self.subject(of: action), entries[id]?.unannouncedState != nil else { continue }
            announceQuiet(id, held: machine.downloads[id] ?? (before?.id == id ? before?.held : nil))
        }
        return kept
    }

    /// Replaces the state a quietly restored `entry` will be announced in by `state`; `false` (nothing changed)
    /// when the entry is not waiting for its announcement.
    private static func keepUnannounced(_ state: DownloadState, in entry: inout Entry) -> Bool {
        guard entry.unannouncedState != nil else { return false }
        entry.unannouncedState = state
        return true
    }

    /// Announces download `id` now if it was restored quietly and not announced yet (its task is about to send
    /// updates of its own: `startForwarding`).
    func announceQuiet(_ id: Int64) {
        guard entries[id]?.unannouncedState != nil else { return }
        announceQuiet(id, held: machine.downloads[id])
    }

    private func announceQuiet(_ id: Int64, held: QueueMachine.Download?) {
        guard let entry = entries[id], let state = entry.unannouncedState else { return }
        entries[id]?.unannouncedState = nil
        guard let held else { return }
        var snapshot = snapshot(id, entry, held)
        snapshot.state = state
        snapshot.isFinishing = false
        snapshot.speed = 0
        send(.added(snapshot))
    }

    /// The download an event names (`nil` for an event about the whole queue).
    static func download(namedBy event: QueueEvent) -> Int64? {
        switch event {
        case .add(let id, _, _, _), .adopt(let id, _, _), .pause(let id), .resume(let id), .resumeInHolder(let id),
            .cancel(let id, _), .remove(let id, _, _), .move(let id, _), .interrupt(let id), .start(let id),
            .leaveToNextProcess(let id), .transferPlanned(let id, _, _), .transferFinishing(let id, _),
            .transferEnded(let id, _, _), .storeSaw(let id, _):
            return id
        case .adoptAll, .setLimits, .setQueueOpen, .shutdown:
            return nil
        }
    }

    /// The download an action is about; `nil` for the eager announcement of a restore (`announceAdded`), which a
    /// quiet restore skips.
    static func subject(of action: QueueAction) -> Int64? {
        switch action {
        case .startTransfer(let id, _, _), .stopTransfer(let id), .persistState(let id, _, _), .persistPosition(let id, _, _),
            .discard(let id), .deleteCompleted(let id, _), .announceState(let id, _), .announceFinishing(let id),
            .announceCompleted(let id, _), .announceFailed(let id, _), .drop(let id):
            return id
        case .announceAdded:
            return nil
        }
    }
}
