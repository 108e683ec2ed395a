import HaulCore
import HaulKit

/// Which downloads have had their end shown: their last state (`completed`, `failed`) and the event that
/// reports it (`.completed` with the file, `.failed` with the error), which reach a view in either order; or
/// `.removed`, or an add of a download already ended. After that nothing more is shown for it, so a long list may
/// let go of it.
struct SessionViewEnds {
    private var stateSeen: Set<Int64> = []
    private var reportSeen: Set<Int64> = []
    private var ended: [Int64] = []

    mutating func saw(_ event: ManagerEvent) {
        switch event {
        case .current(let snapshot), .added(let snapshot):
            if snapshot.state == .completed || snapshot.state == .failed { end(snapshot.id.rawValue) }
        case .stateChanged(let id, let state):
            if state == .completed || state == .failed {
                stateSeen.insert(id.rawValue)
                if reportSeen.contains(id.rawValue) { end(id.rawValue) }
            } else {
                // Taken up again (resumed): its end is still to come.
                stateSeen.remove(id.rawValue)
                reportSeen.remove(id.rawValue)
            }
        case .completed(let id, _), .failed(let id, _):
            reportSeen.insert(id.rawValue)
            if stateSeen.contains(id.rawValue) { end(id.rawValue) }
        case .removed(let id):
            end(id.rawValue)
        case .progress, .note, .finishing:
            break
        }
    }

    private mutating func end(_ id: Int64) {
        stateSeen.remove(id)
        reportSeen.remove(id)
        ended.append(id)
    }

    mutating func take() -> [Int64] {
        defer { ended = [] }
        return ended
    }
}
