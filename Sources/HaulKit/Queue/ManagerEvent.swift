import Foundation
import HaulCore

/// Something a `DownloadManager` tells its observers.
public enum ManagerEvent: Sendable, Equatable {
    /// The download as it is when the observer subscribed (one per known download, before anything else).
    case current(DownloadSnapshot)
    /// A download joined the queue.
    case added(DownloadSnapshot)
    /// A download's state changed.
    case stateChanged(id: DownloadID, DownloadState)
    /// Bytes moved. Coalesced for slow observers: only the latest waiting progress of a download is kept.
    case progress(id: DownloadID, DownloadProgress)
    /// A retry, a restart from byte 0, or a file name decided (the `DownloadUpdate` as the download sent it).
    case note(id: DownloadID, DownloadUpdate)
    /// The download has all its bytes and is being verified, flushed and renamed (its state stays `downloading`
    /// until `completed`): it holds no connection and gave its slot back, so the next queued download may start.
    /// Sent before that start is announced. An observer counting what runs against `QueueLimits.maxConcurrent`
    /// counts `downloading` downloads that have not sent this (`DownloadSnapshot.isFinishing` says the same).
    case finishing(id: DownloadID)
    /// The download completed; the file is `file`.
    case completed(id: DownloadID, file: URL)
    /// The download failed (it stays resumable).
    case failed(id: DownloadID, HaulError)
    /// The download's record is gone (cancelled or removed).
    case removed(id: DownloadID)

    /// The download the event is about.
    public var downloadID: DownloadID {
        switch self {
        case .current(let snapshot), .added(let snapshot): return snapshot.id
        case .stateChanged(let id, _), .progress(let id, _), .note(let id, _), .finishing(let id), .completed(let id, _),
            .failed(let id, _), .removed(let id):
            return id
        }
    }

    /// Whether a newer event of the same kind may replace this one for a slow observer.
    var isCoalescible: Bool {
        if case .progress = self { return true }
        return false
    }
}

/// One download as the manager knows it.
public struct DownloadSnapshot: Sendable, Equatable, Identifiable {
    /// The download's id.
    public var id: DownloadID
    /// The URL asked for.
    public var url: URL
    /// Where the file goes (a file URL).
    public var destination: URL
    /// The lifecycle state.
    public var state: DownloadState
    /// Higher runs first.
    public var priority: Int
    /// Position among equal priorities, lower first.
    public var queueOrder: Int64
    /// Bytes held.
    public var bytesDone: Int64
    /// The complete length, when known.
    public var totalBytes: Int64?
    /// Bytes per second now (0 unless downloading).
    public var speed: Double
    /// Why it failed, for `.failed`.
    public var errorMessage: String?
    /// This download's own bandwidth limit.
    public var rateLimit: Int64?
    /// For `.downloading`: all its bytes are in and it is being verified, flushed and renamed (the event
    /// `ManagerEvent.finishing` said so). Such a download holds no connection and, while there are no more of them
    /// than `QueueLimits.maxConcurrent`, no slot: a queue limited to two may show two receiving and up to two
    /// finishing. Receiving ones (`downloading` and not finishing) never exceed the limit.
    public var isFinishing = false

    /// The file name.
    public var name: String { destination.lastPathComponent }
}

/// The events of a `DownloadManager` (all downloads, or one), as an `AsyncSequence`.
///
/// Each subscription has its own queue: a subscriber that reads slowly, or not at all, never slows a download or
/// another subscriber. Its progress events are coalesced (`CoalescingQueue`); state changes, completions and
/// failures are all delivered, in order. The sequence ends when the manager shuts down or the iterating task is
/// cancelled; dropping the sequence and its iterators ends the subscription too.
public struct ManagerEvents: AsyncSequence, Sendable {
    /// One event.
    public typealias Element = ManagerEvent
    let subscription: Subscription

    /// Starts reading.
    public func makeAsyncIterator() -> Iterator {
        Iterator(subscription: subscription)
    }

    /// Reads the events one by one.
    public struct Iterator: AsyncIteratorProtocol {
        let subscription: Subscription

        /// The next event; `nil` once the manager shut down (or the reading task was cancelled).
        public mutating func next() async -> ManagerEvent? {
            await subscription.channel.next()
        }
    }

    /// Ends the channel when the last sequence or iterator holding it goes away.
    final class Subscription: Sendable {
        let channel: EventChannel
        init(channel: EventChannel) { self.channel = channel }
        deinit { channel.finish() }
    }
}
