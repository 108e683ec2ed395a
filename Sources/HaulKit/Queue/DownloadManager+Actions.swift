import Foundation
import HaulCore
import NIOConcurrencyHelpers

/// Feeding the queue machine and running what it asks: this is all the manager decides for itself, which is
/// nothing about state.
///
/// Illegal transitions: a command the machine refuses is the caller's mistake (pausing a completed download) and
/// is thrown to the caller as a `HaulError` (`.usage`, with `illegalTransition`). A refused report (a transfer's end, a look at the store) is a
/// bug in HaulKit, as nobody asked for it: it fails an assertion in debug builds, so tests stop on it, and is
/// logged as an error in release builds, leaving the download as it was rather than stopping the process and
/// every other download in it.
extension DownloadManager {
    /// Feeds a user's command and runs its actions.
    ///
    /// - Throws: `HaulError` `.usage` with `illegalTransition` when the download's state does not allow it; `.usage` for an unknown id;
    ///   what the store or file system throws while the actions run (the rest of them still run).
    func command(_ event: QueueEvent) async throws {
        let actions: [QueueAction]
        let quiet = quietDownload(of: event)
        do {
            actions = try machine.handle(event)
        } catch let unknown as UnknownDownload {
            throw HaulError(.usage, unknown.description, remedy: .useAKnownDownloadID)
        } catch let refused as IllegalTransition {
            throw HaulError(refused)  // the one public error type, the transition as its detail
        }
        if let failure = await perform(announceQuiet(actions, before: quiet)) { throw failure }
    }

    /// Feeds an event nobody can be told about (a transfer's report, a store look, new limits) and runs its
    /// actions; a refusal is a bug (see above), an I/O failure is logged.
    func report(_ event: QueueEvent, failure: HaulError? = nil) async {
        let actions: [QueueAction]
        let quiet = quietDownload(of: event)
        do {
            actions = try machine.handle(event)
        } catch {
            log.error("HaulKit bug: the queue refused \(event): \(error)")
            assertionFailure("HaulKit: the queue refused \(event): \(error)")
            return
        }
        if let problem = await perform(announceQuiet(actions, before: quiet), failure: failure) {
            log.error("after \(event): \(problem)")
        }
    }

    /// Runs `actions` through the one loop a task on its own runs its queue of one's through too
    /// (`QueueActionSteps`: in order, neighbouring store writes in one transaction).
    ///
    /// - Parameter failure: the error behind an `announceFailed` (the machine carries only its message).
    /// - Returns: the first store or file error (the actions after it still run: the machine's state has moved on).
    func perform(_ actions: [QueueAction], failure: HaulError? = nil) async -> (any Error)? {
        performing += 1
        // Marked before the first action runs: the machine let these go in the same step that returned them.
        for case .drop(let id) in actions where dropping[id] == nil { dropping[id] = [] }
        let firstError = await QueueActionSteps.run(
            actions, failure: failure, store: { try store($0) }, perform: { try await perform($0, failure: failure) })
        performing -= 1
        wakeIdleWaiters()
        return firstError
    }

    /// Stores `changes` in one transaction, but for the starts and completions (`downloading` or `completed` and
    /// nothing else for that download), which ride with the next write (`DownloadStore.note`).
    private func store(_ changes: [DownloadStore.QueueChange]) throws {
        let changes = insertedStates.isEmpty ? changes : changes.filter { change in
            guard case .state(let id, let state, error: nil, cause: nil) = change, insertedStates[id] == state else { return true }
            insertedStates[id] = nil
            return false
        }
        let split = Self.splitNoted(changes)
        if heldChanges != nil {
            heldChanges?.append(contentsOf: split.now)  // a batch of adds writes them at its end (`+Batch`)
        } else {
            try client.store.saveQueueChanges(split.now)
        }
        client.store.note(.completed, split.completed)
        client.store.note(.downloading, split.started)
    }

    /// `changes` but for the starts and completions, and the ids started and completed: a download whose only
    /// change is `downloading` or `completed` (without an error message).
    static func splitNoted(
        _ changes: [DownloadStore.QueueChange]
    ) -> (now: [DownloadStore.QueueChange], started: [Int64], completed: [Int64]) {
        var changed: [Int64: Int] = [:]
        for change in changes {
            switch change {
            case .state(let id, _, _, _), .position(let id, _, _): changed[id, default: 0] += 1
            }
        }
        var now: [DownloadStore.QueueChange] = []
        var (started, completed): ([Int64], [Int64]) = ([], [])
        for change in changes {
            switch change {
            case .state(let id, .downloading, error: nil, _) where changed[id] == 1: started.append(id)
            case .state(let id, .completed, error: nil, _) where changed[id] == 1: completed.append(id)
            default: now.append(change)
            }
        }
        return (now, started, completed)
    }

    /// The store's change for `action` (`DownloadStore.QueueChange.of`, which a task on its own stores with too).
    static func storeChange(_ action: QueueAction, failure: HaulError? = nil) -> DownloadStore.QueueChange? {
        DownloadStore.QueueChange.of(action, failure: failure)
    }

    private func perform(_ action: QueueAction, failure: HaulError?) async throws {
        writeHeldChanges(before: action)
        // A task made here for the transfer it starts was made from its record, read just now (`heldTask`).
        let madeToStart = Self.download(of: action).map { entries[$0]?.task == nil } ?? false
        // Only a run makes a task to forward from: a download with none never ran here (it waited, and ended
        // elsewhere or is cancelled), nothing of its own is in flight, and the manager tells observers its states
        // itself (`announceState`). A task made just to forward would never end its updates, and
        // `announceCompleted` waits for that end: a look at the store that saw such a download completed by
        // another process never returned, and `haul -i` hung at its end (CompletedElsewhereTests).
        if let id = Self.download(of: action), entries[id]?.forwarder == nil, entries[id]?.task != nil || Self.starts(action) {
            startForwarding(id, toStart: Self.starts(action))
        }
        switch action {
        case .startTransfer(let id, let connections, let generation):
            startTransfer(id, connections: connections, generation: generation, madeToStart: madeToStart)
        case .stopTransfer(let id):
            let run = entries[id]?.run
            run?.cancel()
            await run?.value  // the run's report has been handled when this returns
        case .persistState, .persistPosition:
            try store(Self.storeChange(action, failure: failure).map { [$0] } ?? [])
        case .discard(let id):
            try await heldTask(id)?.discard()
        case .deleteCompleted(let id, let deletingFile):
            try client.store.delete(id: id)
            if deletingFile, let path = entries[id]?.destination { try FileSystemSteps.remove(path) }
        case .announceAdded(let id, let state):
            // A quiet restore's downloads are announced when something first happens to each (`+Announcing`).
            if entries[id]?.unannouncedState == nil, var snapshot = snapshot(DownloadID(id)) {
                snapshot.state = state
                send(.added(snapshot))
            }
        case .announceState(let id, let state):
            // Through the task's update stream, so observers see it in order with the progress before it; for a
            // download without a forwarder (it never ran here: no progress in flight) the manager tells them.
            guard let entry = entries[id] else { break }
            await entry.task?.announce(state)
            if entry.forwarder == nil { send(.stateChanged(id: DownloadID(id), state)) }
        case .announceFinishing(let id):
            // Sent here, before the start of the download that takes its slot is announced (through that task's
            // update stream, later), so that an observer never counts more receiving downloads than the limit.
            send(.finishing(id: DownloadID(id)))
        case .announceCompleted(let id, let path):
            entries[id]?.destination = path
            // The task's update stream has ended: let the forwarder hand on the last `.stateChanged` first, so an
            // observer sees `completed` before `.completed`, and a `remove` right after cannot cut it off.
            await entries[id]?.forwarder?.value
            send(.completed(id: DownloadID(id), file: URL(fileURLWithPath: path, isDirectory: false)))
        case .announceFailed(let id, let message):
            send(.failed(id: DownloadID(id), failure ?? HaulError(.internalError, message)))
        case .drop(let id):
            drop(id)
        }
    }

    /// The download an action that may make its task send updates is about (`startForwarding`).
    static func download(of action: QueueAction) -> Int64? {
        switch action {
        case .startTransfer(let id, _, _), .stopTransfer(let id), .discard(let id), .announceCompleted(let id, _),
            .announceFailed(let id, _):
            return id
        case .persistState, .persistPosition, .deleteCompleted, .announceAdded, .announceState, .announceFinishing, .drop:
            return nil
        }
    }

    static func starts(_ action: QueueAction) -> Bool {
        if case .startTransfer = action { return true }
        return false
    }

    /// Takes a task under the manager: its state is the machine's from now on, its updates are forwarded.
    ///
    /// - Parameter replacing: the task takes the place of the one held (`changeSource`); otherwise a download
    ///   already held keeps its task: two adds of it at once (one URL and name, two RPC calls) each prepared a task
    ///   for the one record, and the first to get here holds it, the other is dropped unused.
    func hold(_ task: DownloadTask, record: DownloadRecord, replacing: Bool = false) async {
        let id = task.rowID
        await task.keep(by: self)
        guard replacing || entries[id] == nil else { return }
        let entry = Entry(
            task: task, url: .parsed(task.request.url), destination: record.destination ?? task.request.destinationPath,
            rateLimit: task.request.maxBytesPerSecond)
        let bytes = task.currentBytes
        latestProgress.withLockedValue { $0[id] = Self.heldProgress(bytesDone: bytes.done, totalBytes: bytes.total) }
        entries[id] = entry
        if replacing { startForwarding(id) }
        if poller == nil { startPolling() }
    }

    /// Subscribes to download `id`'s updates and starts the task that hands them on to observers, unless it runs
    /// already.
    ///
    /// Started by the first action on the download that may make its task send updates (`perform`: a run, a stop,
    /// a discard, an end), before it does. Until then the manager tells observers the download's states itself
    /// (`announceState`), so the subscription does not replay the task's last state and progress: observers have
    /// them. A waiting download nothing happens to has no forwarder: one task each was more than half of the
    /// memory of a big queue (5.3 KiB of about 10 KiB a download at 30,000 in a debug build).
    func startForwarding(_ id: Int64, toStart: Bool = false) {
        guard entries[id]?.forwarder == nil, let task = heldTask(id, toStart: toStart) else { return }
        announceQuiet(id)  // before anything the task sends
        guard var entry = entries[id] else { return }
        let updates = task.updateSubscription(replaying: false)
        entry.endUpdates = updates.end
        let downloadID = DownloadID(id)
        entry.forwarder = Task { [weak self, channels, latestProgress] in
            for await update in updates.stream {
                switch update {
                case .state(let state):
                    Self.broadcast(.stateChanged(id: downloadID, state), to: channels)
                case .progress(let progress):
                    latestProgress.withLockedValue { $0[id] = progress }
                    Self.broadcast(.progress(id: downloadID, progress), to: channels)
                case .named(let file):
                    await self?.renamed(id, to: file.path)
                    Self.broadcast(.note(id: downloadID, update), to: channels)
                case .retrying, .restarted, .notice:
                    Self.broadcast(.note(id: downloadID, update), to: channels)
                case .failed:
                    break  // reported with the run's end (`announceFailed`)
                }
            }
        }
        entries[id] = entry
    }

    func renamed(_ id: Int64, to path: String) {
        entries[id]?.destination = path
    }

    /// Starts the task's transfer; its planned connections, its finishing and its end are reported with
    /// `generation`. `madeToStart`: the task was made for this start, so its record is what is stored.
    func startTransfer(_ id: Int64, connections: Int, generation: Int, madeToStart: Bool = false) {
        // The record `heldTask` reads to make a task is the one the run starts from, when no earlier run of this
        // process could write the row before this one begins: not read again by the run (a read transaction per
        // download of a list, issue 62 point 2).
        let recordIsCurrent = (madeToStart || entries[id]?.task == nil) && entries[id]?.run == nil
        guard let task = heldTask(id) else {
            // Its record is gone from the store (deleted behind the queue's back): the run fails at once.
            let gone = HaulError(.io, "download \(id) has no record in the state database any more")
            Task { [weak self] in await self?.transferEnded(id, generation: generation, .failed(gone)) }
            return
        }
        task.observeMilestones { [weak self] milestone in
            switch milestone {
            case .planned(let planned):
                Task { await self?.report(.transferPlanned(id, generation: generation, connections: planned)) }
            case .finishing:
                Task { await self?.report(.transferFinishing(id, generation: generation)) }
            }
        }
        let previous = entries[id]?.run
        entries[id]?.run = Task { [weak self] in
            await previous?.value  // never two transfers on one `.part` file
            // The transfer as a child task of its own: its frames (about 40 KiB of task-allocator slabs in a release
            // build) are freed when it ends, not when its end has been reported and settled, which may wait on the
            // queue behind many others (heaptrack, a list of 3,000 at -j 16: 128 such runs held 5.8 MiB at the peak).
            async let transferred = task.runTransfer(connections: connections, recordIsCurrent: recordIsCurrent)
            let outcome = await transferred
            await self?.transferEnded(id, generation: generation, outcome)
        }
    }

    func transferEnded(_ id: Int64, generation: Int, _ outcome: TransferOutcome) async {
        var failure: HaulError?
        if case .failed(let error) = outcome { failure = error }
        await report(.transferEnded(id, generation: generation, outcome.end), failure: failure)
        // `outcome()` of the task: what the run's end came to (a stale run's end, or a cancelled download's, came
        // to nothing: `discard` settles the latter), as for a download run on its own (`RunEnding.outcome`).
        guard let task = entries[id]?.task, let held = machine.downloads[id], held.generation == generation else { return }
        switch (RunEnding.outcome(of: outcome.end, leaving: held.state), failure) {
        case (.completed, _):
            await task.settle(.completed(file: URL(fileURLWithPath: entries[id]?.destination ?? task.request.destinationPath, isDirectory: false)))
        case (.failed, let error?): await task.settle(.failed(error))
        default: await task.settle(.paused)
        }
    }

    /// Whether `command` changes `download` (`DownloadCommandRule`).
    static func allows(_ command: DownloadCommand, _ download: QueueMachine.Download) -> Bool {
        DownloadCommandRule.verdict(command, in: download.state) == .allowed
    }

    func drop(_ id: Int64) {
        dropped.insert(id)
        for waiter in dropping.removeValue(forKey: id) ?? [] { waiter.resume() }
        entries[id]?.forwarder?.cancel()
        entries[id] = nil
        snapshotURLs.forget(id)
        latestProgress.withLockedValue { _ = $0.removeValue(forKey: id) }
        send(.removed(id: DownloadID(id)))
    }

    // MARK: idle

    /// Nothing runs or waits to run, and no action list is half done: a cancelled download is idle in the
    /// machine at once, but its partial file and record are deleted only by the actions after that.
    var isIdle: Bool { machine.isIdle && performing == 0 }

    func wakeIdleWaiters(force: Bool = false) {
        if !activeWaiters.isEmpty { wakeActiveWaiters(force: force) }
        // Nobody waiting: `isIdle` is not asked (this runs after every action list).
        guard force || (!idleWaiters.isEmpty && isIdle) else { return }
        let waiting = idleWaiters
        idleWaiters = [:]
        for waiter in waiting.values { waiter.resume() }
    }
}

/// The tasks the manager holds ask it for their state and send it their commands.
extension DownloadManager: DownloadStateKeeper {
    func state(of id: Int64) async -> DownloadState? {
        machine.downloads[id]?.state
    }

    func interrupt(_ id: Int64) async {
        guard machine.downloads[id] != nil else { return }
        await report(.interrupt(id))
    }
}
