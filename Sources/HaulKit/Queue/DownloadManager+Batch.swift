import Foundation
import HaulCore

/// Adds in batches: what a list (`haul -i`) or an RPC `system.multicall` of adds costs.
///
/// A batch costs two write transactions whatever its length, not two per download: the records of every download
/// in one (`HaulClient.prepareAll`, `DownloadStore.claim`), then the queue's changes of all of them (a paused add's
/// `paused`, a queued one's place) in another, held back while the batch is fed to the queue (`heldChanges`). Each
/// transaction takes the write-ahead log's locks and appends its pages, so one per download was most of an add's
/// cost (docs/history/benchmarks-rounds-2026-11-28-to-30.md, "Daemon at scale, round 2").
///
/// Its events are sent as they happen, but without waking the subscribers that wait (`EventChannel.send(_:wake:)`):
/// they are woken when the held changes are written, once for the batch rather than twice an add.
///
/// What is held back is written before any action that is not a store write or an announcement (a transfer that
/// starts, a file deleted), so nothing runs on a record whose state is not stored yet. While a batch holds changes
/// the store lags the queue, so the manager's look at the store (`poll`) waits for the batch's end (it would take
/// a paused add's stored `queued` for a resume by another process), and a `restore` of new records leaves the
/// batch's own to it (`beingAdded`).
extension DownloadManager {
    /// One download of a batch: the request, and whether it waits for `resume` (`add(_:paused:)`).
    package struct BatchAdd: Sendable {
        package var request: DownloadRequest
        package var paused: Bool

        package init(_ request: DownloadRequest, paused: Bool = false) {
            self.request = request
            self.paused = paused
        }
    }

    /// Adds several downloads, as `add` each in turn, but with every record written in one transaction before
    /// the first one starts (`HaulClient.prepareAll`): a list of small files costs one write instead of one per
    /// file. Returns each request's id, or why it was refused (one refusal does not stop the others).
    public func add(all requests: [DownloadRequest]) async -> [Result<DownloadID, any Error>] {
        await add(batch: requests.map { BatchAdd($0) })
    }

    /// `add(all:)` with each download's own `paused`: the records in one transaction, the queue's changes of all
    /// of them in one more (see the type's notes).
    package func add(batch adds: [BatchAdd]) async -> [Result<DownloadID, any Error>] {
        do { try checkRunning() } catch { return adds.map { _ in .failure(error) } }
        let outer = heldChanges == nil
        if outer { heldChanges = [] }
        defer { if outer { writeHeldChanges() } }
        var results: [Result<DownloadID, any Error>] = []
        results.reserveCapacity(adds.count)
        // By index, not `zip`: in an async function the zipped iterator's type is made at run time, the first time
        // by a scan of every conformance record of the binary.
        let preparedAll = client.prepareAll(adds.map(\.request), paused: adds.map(\.paused))
        let stored = preparedAll.compactMap { try? $0.get().rowID }
        beingAdded.formUnion(stored)
        defer { beingAdded.subtract(stored) }
        for index in adds.indices {
            let add = adds[index]
            do {
                let prepared = try preparedAll[index].get()
                defer { beingAdded.remove(prepared.rowID) }
                if !(await waitIfDropping(prepared.rowID)), let id = try await self.add(prepared: prepared, priority: 0, paused: add.paused) {
                    results.append(.success(DownloadID(id)))
                } else {
                    results.append(.success(try await self.add(add.request, paused: add.paused)))
                }
            } catch {
                results.append(.failure(error))
            }
        }
        return results
    }

    /// Writes the changes held back by a batch (one transaction) and holds no more. A failure is logged: the
    /// queue's state has moved on, and the next change of each download writes its state again.
    /// Wakes the subscribers the batch's events were sent to without waking them (`send`).
    func writeHeldChanges() {
        guard let changes = heldChanges else { return }
        heldChanges = nil
        do {
            try client.store.saveQueueChanges(changes)
        } catch {
            log.error("storing the queue's changes of a batch of adds: \(error)")
        }
        wakeSubscribers()
    }

    /// Hands each subscriber that waits the oldest of the events sent to it without waking it.
    func wakeSubscribers() {
        for channel in channels.withLockedValue({ $0 }) { channel.wake() }
    }

    /// Writes what a batch held back so far before `action` runs, unless it is an announcement (which reads the
    /// machine and the task, not the store), and wakes the subscribers; the batch goes on holding what comes after.
    func writeHeldChanges(before action: QueueAction) {
        guard heldChanges != nil else { return }
        switch action {
        case .persistState, .persistPosition, .announceAdded, .announceState, .announceFinishing: return
        default:
            writeHeldChanges()  // nothing held: no transaction (`saveQueueChanges`)
            heldChanges = []
        }
    }
}
