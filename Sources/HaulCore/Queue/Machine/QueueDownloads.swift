/// The downloads a `QueueMachine` holds, by id, with an index of their ids by state kept as they change.
///
/// A queue of 30,000 paused downloads with a few running is the daemon's ordinary case: what runs after every
/// event (the plan, `isIdle`) and what a front-end polls (counts per state) read the index, so they cost what is
/// running or queued, not what is held (issue 62). Reads and writes look like a dictionary's
/// (`downloads[id]`, `downloads[id] = nil`, `downloads[id]?.state = .paused`); every write goes through the
/// subscript, which moves the id between the state sets.
public struct QueueDownloads: Hashable, Sendable, Sequence {
    private var byID: [Int64: QueueMachine.Download] = [:]
    private var idsByState: [DownloadState: Set<Int64>] = [:]
    private var runElsewhere: Set<Int64> = []

    public init() {}

    public subscript(id: Int64) -> QueueMachine.Download? {
        get { byID[id] }
        set {
            // One lookup for the write and the old state (a restart takes up 100,000 through here).
            let old = (newValue.map { byID.updateValue($0, forKey: id) } ?? byID.removeValue(forKey: id))?.state
            if newValue.map(Self.isRunElsewhere) == true {
                runElsewhere.insert(id)
            } else if !runElsewhere.isEmpty {
                runElsewhere.remove(id)
            }
            let new = newValue?.state
            guard old != new else { return }
            if let old {
                idsByState[old]?.remove(id)
                if idsByState[old]?.isEmpty == true { idsByState[old] = nil }
            }
            if let new { idsByState[new, default: []].insert(id) }
        }
    }

    /// Makes room for `count` downloads in all: taking up 100,000 at a restart grew the table a step at a time
    /// (a copy of it each time: a tenth of a debug restart's time with its callers' tables).
    public mutating func reserveCapacity(_ count: Int) {
        byID.reserveCapacity(count)
    }

    /// Makes room for `added` more downloads, with the state sets sized for their states (a restart's 100,000
    /// paused grew the paused set a doubling at a time, each one a rehash of every id in it).
    public mutating func reserveCapacity(adding added: some Collection<DownloadState>) {
        byID.reserveCapacity(byID.count + added.count)
        var counts: [DownloadState: Int] = [:]
        for state in added { counts[state, default: 0] += 1 }
        for (state, count) in counts { idsByState[state, default: []].reserveCapacity((idsByState[state]?.count ?? 0) + count) }
    }

    /// Forgets the state sets left empty (a `reserveCapacity(adding:)` for downloads that were not added): a state
    /// none is in is absent from `countsByState`.
    public mutating func dropEmptyStateSets() {
        for (state, ids) in idsByState where ids.isEmpty { idsByState[state] = nil }
    }

    /// The ids of the downloads in `state` (in no order).
    public func ids(in state: DownloadState) -> Set<Int64> {
        idsByState[state] ?? []
    }

    /// The ids of the downloads another process runs or holds in line (`owner` not `.thisProcess`: the other
    /// process, or the next one a queue of one left it to; queued or downloading), in no order: what the manager's
    /// look at the store each second reads (`DownloadManager.poll`).
    /// Kept as downloads change, so the look costs what other processes run, not what is held (issue 62, point 3:
    /// it filtered every queued download's owner each second).
    public var idsRunElsewhere: Set<Int64> { runElsewhere }

    static func isRunElsewhere(_ download: QueueMachine.Download) -> Bool {
        download.owner != .thisProcess && (download.state == .queued || download.state == .downloading)
    }

    /// How many downloads are in each state (a state none is in is absent).
    public var countsByState: [DownloadState: Int] {
        idsByState.mapValues(\.count)
    }

    public var count: Int { byID.count }
    public var isEmpty: Bool { byID.isEmpty }
    public var keys: Dictionary<Int64, QueueMachine.Download>.Keys { byID.keys }
    public var values: Dictionary<Int64, QueueMachine.Download>.Values { byID.values }

    public func mapValues<T>(_ transform: (QueueMachine.Download) throws -> T) rethrows -> [Int64: T] {
        try byID.mapValues(transform)
    }

    public func makeIterator() -> Dictionary<Int64, QueueMachine.Download>.Iterator {
        byID.makeIterator()
    }
}
