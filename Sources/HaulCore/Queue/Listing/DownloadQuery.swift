/// One page of the downloads a front-end asks to see (the daemon's `haul.listDownloads`, issue 62 point 5): which
/// states, which words, which order, which page. The decisions only; the state database answers it
/// (`DownloadStore.page(_:)`), so that a page of a 30,000-download queue costs one page, never the whole queue.
///
/// Every word of `search` must appear, case-insensitively (ASCII), in the download's URL or its file's path (so in
/// its name or directory too). Ties in every order are broken by the id (the order downloads were added), so that
/// the same query pages through every matching download exactly once while nothing changes.
public struct DownloadQuery: Sendable, Equatable {
    /// The orders a page can be sorted in.
    public enum Sort: String, Sendable, CaseIterable {
        /// Oldest first (by id).
        case added
        /// The queue's order (the order downloads start in): higher priority first, then the queue's places.
        case queue
        /// File name A to Z, case-insensitively (ASCII).
        case name
        /// Largest first; unknown sizes last.
        case size
        /// Most done first (bytes done over size, as last stored); unknown sizes last.
        case progress
        /// Running ones first, fastest first (as last stored).
        case speed
    }

    /// The stored states wanted; nil for every state.
    public var states: Set<DownloadState>?
    /// The words (lowercased, split on white space) that must each appear.
    public var words: [String]
    public var sort: Sort
    /// How many matching downloads to skip, in `sort`'s order.
    public var offset: Int
    /// How many to answer at most.
    public var limit: Int

    /// The most one page answers (a page polled each second pays for this many at most).
    public static let maximumLimit = 1000
    /// The longest search text taken.
    public static let maximumSearch = 500

    /// A query, checked.
    ///
    /// - Throws: `DownloadQuery.Problem` when `offset` is negative, `limit` is not in 1...`maximumLimit`, or
    ///   `search` is longer than `maximumSearch` characters.
    public init(states: Set<DownloadState>? = nil, search: String = "", sort: Sort = .added, offset: Int = 0, limit: Int = 100) throws(Problem) {
        guard offset >= 0 else { throw Problem("offset must be 0 or more (got \(offset))") }
        guard (1...Self.maximumLimit).contains(limit) else {
            throw Problem("limit must be 1 to \(Self.maximumLimit) (got \(limit))")
        }
        guard search.count <= Self.maximumSearch else {
            throw Problem("search text is longer than \(Self.maximumSearch) characters")
        }
        self.states = states
        self.words = search.lowercased().split(whereSeparator: \.isWhitespace).map(String.init)
        self.sort = sort
        self.offset = offset
        self.limit = limit
    }

    /// Whether a download with `url` writing `path` matches the words (for downloads the database no longer holds,
    /// such as a daemon's removed results, matched the way the database matches the rest).
    public func matches(url: String, path: String) -> Bool {
        let haystack = (url + " " + path).lowercased()
        return words.allSatisfy { haystack.contains($0) }
    }

    /// The positions `offset..<offset+limit` of a listing made of `stored` matching downloads followed by `extra`
    /// ones (a daemon's removed results come last): which of each to answer.
    public func window(stored: Int, extra: Int) -> (stored: Range<Int>, extra: Range<Int>) {
        let end = offset + limit
        let storedRange = min(offset, stored)..<min(end, stored)
        let extraRange = min(max(offset - stored, 0), extra)..<min(max(end - stored, 0), extra)
        return (storedRange, extraRange)
    }

    /// Why a query was refused, as a sentence.
    public struct Problem: Error, Equatable, CustomStringConvertible {
        public let description: String
        init(_ description: String) { self.description = description }
    }
}
