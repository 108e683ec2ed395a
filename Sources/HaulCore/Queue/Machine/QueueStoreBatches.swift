/// One step of running a list of `QueueAction`s: a store write that carries several `persistState` and
/// `persistPosition` actions, or any other action.
public enum QueueStep: Hashable, Sendable {
    /// Store these persist actions, in this order, in one transaction.
    case store([QueueAction])
    /// Run this action.
    case action(QueueAction)
}

extension QueueAction {
    /// Whether this action writes the download's state or position to the store.
    public var isPersist: Bool {
        switch self {
        case .persistState, .persistPosition: return true
        default: return false
        }
    }

    /// Whether this action only tells observers something (no store, file or transfer is touched).
    var isAnnouncement: Bool {
        switch self {
        case .announceAdded, .announceState, .announceFinishing, .announceCompleted, .announceFailed: return true
        default: return false
        }
    }
}

/// Gathers the store writes of an action list into as few transactions as its order allows.
///
/// Why: each write transaction costs SQLite's log locks and at least one page of log, and one machine event often
/// persists two downloads (a completion, then the start of the next one in line: `[persistState(a, completed),
/// announceState(a), announceCompleted(a), persistState(b, downloading), announceState(b), startTransfer(b)]`).
///
/// The rule: at the first persist action, every persist action up to the next action that acts on the world
/// (starts, stops or discards a transfer, deletes a row, drops a download) is written with it, ahead of the
/// announcements in between. A persist action is thus never moved after anything, and moved before
/// announcements only: what observers are told is still in the store when they hear it, and the state a
/// transfer runs or stops under is stored before it starts or stops, as when each was its own transaction.
public enum QueueStoreBatches {
    /// The steps that run `actions`: the same actions, in the same order but for the persist actions moved
    /// ahead of announcements into one `.store` step.
    public static func steps(_ actions: [QueueAction]) -> [QueueStep] {
        var steps: [QueueStep] = []
        var index = 0
        while index < actions.count {
            let action = actions[index]
            guard action.isPersist else {
                steps.append(.action(action))
                index += 1
                continue
            }
            var batch: [QueueAction] = []
            var passed: [QueueAction] = []
            while index < actions.count, actions[index].isPersist || actions[index].isAnnouncement {
                if actions[index].isPersist { batch.append(actions[index]) } else { passed.append(actions[index]) }
                index += 1
            }
            steps.append(.store(batch))
            steps += passed.map(QueueStep.action)
        }
        return steps
    }
}
