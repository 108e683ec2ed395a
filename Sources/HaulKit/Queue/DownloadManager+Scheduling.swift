import Foundation
import HaulCore
import NIOConcurrencyHelpers

/// Which queued downloads start, with how many connections, and what a run's end changes.
extension DownloadManager {
    // MARK: scheduling

    var isIdle: Bool {
        !entries.values.contains { ($0.lifecycle.state == .queued && !$0.ownedElsewhere) || $0.lifecycle.state == .downloading }
    }

    func wakeIdleWaiters(force: Bool = false) {
        guard force || isIdle else { return }
        let waiting = idleWaiters
        idleWaiters = []
        for waiter in waiting { waiter.resume() }
    }

    func queueEntries() -> [QueueEntry] {
        entries.map { id, entry in
            QueueEntry(
                id: id,
                // A download another process holds is not ours to start: it counts as paused here.
                state: entry.ownedElsewhere && entry.lifecycle.state == .queued ? .paused : entry.lifecycle.state,
                priority: entry.priority,
                addedOrder: entry.queueOrder,
                requestedConnections: entry.requestedConnections,
                grantedConnections: entry.heldConnections
            )
        }
    }

    /// Starts what `QueuePolicy` says may start now.
    func schedule() {
        guard !isShutDown else { return }
        for decision in QueuePolicy.plan(queueEntries(), limits: limits) {
            start(decision.id, connections: decision.connections)
        }
        wakeIdleWaiters()
    }

    func start(_ id: Int64, connections: Int) {
        guard var entry = entries[id] else { return }
        do {
            try entry.lifecycle.handle(.start)
        } catch {
            return
        }
        entry.generation += 1
        entry.heldConnections = connections
        entries[id] = entry
        let generation = entry.generation
        let task = entry.task
        task.observePlannedConnections { [weak self] planned in
            Task { await self?.planned(id, connections: planned, generation: generation) }
        }
        // The mirror says `.downloading` before the task is asked: a reentrant `schedule` must count it.
        Task { [weak self] in
            do {
                try await task.start(connections: connections, onlyIfQueued: true)
            } catch {
                await self?.runEnded(id, generation: generation, outcome: .failed(HaulError.wrap(error)))
                return
            }
            let outcome = await task.outcome()
            await self?.runEnded(id, generation: generation, outcome: outcome)
        }
    }

    func planned(_ id: Int64, connections: Int, generation: Int) {
        guard entries[id]?.generation == generation, entries[id]?.lifecycle.state == .downloading else { return }
        entries[id]?.heldConnections = connections
        schedule()
    }

    func runEnded(_ id: Int64, generation: Int, outcome: DownloadOutcome) async {
        switch outcome {
        case .completed, .cancelled:
            // The task's update stream has ended: let the forwarder hand on the last `.stateChanged` first, so an
            // observer sees `completed` before `.completed`, and a `remove` right after cannot cut it off.
            await entries[id]?.forwarder?.value
        case .failed, .paused:
            break  // the stream goes on (the download can run again): nothing to wait for
        }
        guard var entry = entries[id], entry.generation == generation else { return }
        entry.heldConnections = nil
        switch outcome {
        case .completed(let path):
            entry.lifecycle.mustHandle(.complete, of: id)
            entry.destination = path
            entries[id] = entry
            send(.completed(id: id, path: path))
        case .failed(let error) where error.kind == .busy:
            entry.lifecycle.mustHandle(.interrupt, of: id)
            entry.ownedElsewhere = true
            entry.errorMessage = error.message
            entries[id] = entry
            send(.failed(id: id, error))
        case .failed(let error):
            entry.lifecycle.mustHandle(.fail, of: id)
            entry.errorMessage = error.message
            entries[id] = entry
            send(.failed(id: id, error))
        case .paused:
            // Stopped without being asked here (the task was interrupted): back in line.
            if entry.lifecycle.state == .downloading { entry.lifecycle.mustHandle(.interrupt, of: id) }
            entries[id] = entry
        case .cancelled:
            entries[id] = entry
            drop(id)
            return
        }
        schedule()
    }

    func drop(_ id: Int64) {
        entries[id]?.forwarder?.cancel()
        entries[id] = nil
        latestProgress.withLockedValue { _ = $0.removeValue(forKey: id) }
        send(.removed(id: id))
        schedule()
    }
}
