import HaulCore
import HaulKit

/// Turns the manager's events into aria2's notifications (`aria2.onDownloadStart` and so on, each carrying only
/// `[{"gid": ...}]`), and Haul's progress pushes.
///
/// A value that remembers each download's last state, so that a record dropped after completion
/// (`removeDownloadResult`) is not announced as a stop, and a state repeated is not announced twice.
package struct Aria2Notifier: Sendable {
    /// A notification to send.
    package enum Output: Equatable, Sendable {
        /// aria2's notification: to every WebSocket that passed the Host and Origin checks.
        case aria2(method: String, gid: String)
        /// Haul's progress push: only to connections that subscribed with the secret.
        case progress(JSONValue)
    }

    private var states: [DownloadID: DownloadState] = [:]
    /// Downloads announced as removed: a state change of theirs that comes later is not announced. A state change
    /// travels through the download's own update stream while the removal comes straight from the manager, so a
    /// pause and a remove at one moment (two clients) could arrive as Stop, Pause, Stop. Ids are never used again.
    private var gone: Set<DownloadID> = []

    package init() {}

    /// What `event` is announced as (nothing for most events).
    package mutating func event(_ event: ManagerEvent) -> [Output] {
        switch event {
        case .current(let snapshot), .added(let snapshot):
            states[snapshot.id] = snapshot.state
            return []
        case .stateChanged(let id, let state):
            guard !gone.contains(id) else { return [] }
            let previous = states[id]
            states[id] = state
            guard previous != state else { return [] }
            switch state {
            case .downloading: return [.aria2(method: "aria2.onDownloadStart", gid: GID(id).description)]
            case .paused: return [.aria2(method: "aria2.onDownloadPause", gid: GID(id).description)]
            case .cancelled: return [.aria2(method: "aria2.onDownloadStop", gid: GID(id).description)]
            default: return []
            }
        case .completed(let id, _):
            states[id] = .completed
            return [.aria2(method: "aria2.onDownloadComplete", gid: GID(id).description)]
        case .failed(let id, let error):
            // Another process holding the file is not a failure of the download: it waits here.
            guard error.kind != .busy else { return [] }
            states[id] = .failed
            return [.aria2(method: "aria2.onDownloadError", gid: GID(id).description)]
        case .removed(let id):
            // Stopped while unfinished (cancelled by another process, whose state change this one may not see);
            // a completed or failed result forgotten, or a stop already announced, is not a stop.
            let previous = states.removeValue(forKey: id)
            gone.insert(id)
            guard let previous, [.queued, .downloading, .paused].contains(previous) else { return [] }
            return [.aria2(method: "aria2.onDownloadStop", gid: GID(id).description)]
        case .progress(let id, let progress):
            return [.progress(Self.progress(id.rawValue, progress))]
        case .note, .finishing:
            return []
        }
    }

    /// `haul.onProgress`'s parameter: aria2's field names and string values, plus each connection's segment as
    /// `--progress json` shows it.
    static func progress(_ id: Int64, _ progress: DownloadProgress) -> JSONValue {
        var fields: [String: JSONValue] = [
            "gid": .string(GID(id).description),
            "completedLength": .string(String(progress.bytesDone)),
            "totalLength": .string(String(progress.totalBytes ?? 0)),
            "downloadSpeed": .string(String(Int64(progress.currentSpeed))),
            "averageSpeed": .string(String(Int64(progress.averageSpeed))),
            "connections": .string(String(progress.activeConnections)),
            "segments": .array(
                segments(of: progress).map { connection in
                    [
                        "id": .int(Int64(connection.id)), "start": .string(String(connection.start)),
                        "next": .string(String(connection.next)), "end": .string(String(connection.end)),
                        "downloadSpeed": .string(String(Int64(connection.speed))),
                    ]
                }
            ),
        ]
        if let remaining = progress.secondsRemaining, remaining.isFinite {
            fields["secondsRemaining"] = .string(String(Int64(remaining.rounded())))
        }
        // An HLS stream's segments, as tellStatus shows them (docs/daemon.md).
        if let done = progress.segmentsDone, let total = progress.segmentsTotal {
            fields["haulSegmentsDone"] = .string(String(done))
            fields["haulSegments"] = .string(String(total))
        }
        return .object(fields)
    }

    /// The connections as segments. A download on one connection has no segments of its own (it reads the file
    /// from where it stands to the end): it is shown as one segment over the whole file, written up to the bytes
    /// done (the length so far when the size is unknown), so that a running download never shows none.
    package static func segments(of progress: DownloadProgress) -> [ConnectionProgress] {
        guard progress.connections.isEmpty, progress.activeConnections == 1 else { return progress.connections }
        let end = max(progress.totalBytes ?? progress.bytesDone, progress.bytesDone)
        return [ConnectionProgress(id: 1, start: 0, next: progress.bytesDone, end: end, speed: progress.currentSpeed)]
    }
}
