/// The sources of one file (`--mirror`, tab-separated input lines, a Metalink's urls) and which one each new
/// connection uses: a pure decision, fed what the connections saw.
///
/// Rules (written up for people in docs/cli.md, "Several sources for one file"):
/// - **Spread, then favour the fast.** A new connection goes to a mirror that has not been tried yet, best priority
///   first, so every mirror is measured; after that to the mirror with the most measured bytes per second per
///   connection it would then carry (speed / (connections + 1)), so connections drift to the fast mirrors as
///   segments end and new ones start. A mirror carries at most `connectionsPerMirror` at once (servers throttle or
///   ban many connections from one client).
/// - **Same file or dropped.** The first identity accepted (or the Metalink's size) sets the file's length; a mirror
///   whose response declares another length is dropped at once. Each mirror's own validator (mirrors do not share
///   ETags) is recorded on its first response; a later response from it with another validator means the mirror's
///   file changed during the download: dropped, and the bytes it gave are the caller's to discard unless a
///   checksum vouches for them. Bytes of two versions are never stitched.
/// - **Failures** (`SourceFailureRule`). A mirror that fails `failuresBeforeDrop` times in a row, answers with a
///   final error (404, 410, a refused range, a TLS failure), is not there before it delivered (connection refused, a
///   host name that does not resolve), or crawls (the lowest-speed rule fired on it) is dropped for the rest of the
///   download and the drop is reported with its reason. The download fails only when no mirror is left, naming
///   each mirror's reason.
public struct MirrorPool: Sendable, Equatable {
    /// One source and what is known of it.
    public struct Mirror: Sendable, Equatable {
        public let url: String
        /// Why it was dropped, once it is.
        public internal(set) var dropped: String?
        /// Connections open on it now.
        public internal(set) var connections = 0
        /// The identity its first response declared.
        public internal(set) var identity: ResourceIdentity?
        /// Bytes received and seconds spent receiving them, over closed and open connections.
        public internal(set) var bytes: Int64 = 0
        public internal(set) var seconds: Double = 0
        /// Failures since its last success.
        public internal(set) var failuresInARow = 0
        /// Whether a connection was ever opened on it.
        public internal(set) var tried = false

        /// Whether it answered with a file or sent bytes in this run (then it is known to be there).
        public var hasDelivered: Bool { identity != nil || bytes > 0 }

        /// Measured bytes per second, or `nil` before a second's worth of data.
        public var speed: Double? { seconds >= 0.5 && bytes > 0 ? Double(bytes) / seconds : nil }
    }

    /// What ``check(_:from:)`` concluded about a response's identity.
    public enum IdentityVerdict: Sendable, Equatable {
        /// The same file as the others (or the first one seen).
        case consistent
        /// Dropped: the reason says why.
        case dropped(String)
    }

    public private(set) var mirrors: [Mirror]
    /// The file's length, once a response or the Metalink said it.
    public private(set) var length: Int64?
    public let connectionsPerMirror: Int
    public let failuresBeforeDrop: Int

    /// - Parameters:
    ///   - urls: the sources, most preferred first (a Metalink's by priority; `--mirror`s after the main URL).
    ///   - length: the length the file must have, when a Metalink gives it.
    public init(urls: [String], length: Int64? = nil, connectionsPerMirror: Int = 8, failuresBeforeDrop: Int = 3) {
        precondition(!urls.isEmpty, "a pool needs a source")
        var seen = Set<String>()
        mirrors = urls.filter { seen.insert($0).inserted }.map { Mirror(url: $0) }
        self.length = length
        self.connectionsPerMirror = max(1, connectionsPerMirror)
        self.failuresBeforeDrop = max(1, failuresBeforeDrop)
    }

    /// Whether every mirror is dropped: the download has nowhere left to go.
    public var exhausted: Bool { mirrors.allSatisfy { $0.dropped != nil } }

    /// The mirrors still in use.
    public var active: [Int] { mirrors.indices.filter { mirrors[$0].dropped == nil } }

    /// The mirror a new connection should use, and counts it as open there; `nil` when every mirror is dropped or
    /// at its connection cap.
    ///
    /// - Parameter avoiding: mirrors to pass over while another can take the connection (the range is a piece that
    ///   failed its hash on them).
    public mutating func openConnection(avoiding: Set<Int> = []) -> Int? {
        var open = active.filter { mirrors[$0].connections < connectionsPerMirror }
        guard !open.isEmpty else { return nil }
        if open.contains(where: { !avoiding.contains($0) }) { open.removeAll { avoiding.contains($0) } }
        let choice: Int
        if let untried = open.first(where: { !mirrors[$0].tried }) {
            choice = untried
        } else {
            // Unmeasured mirrors (tried, not a second of data yet) rank as the average of the measured ones.
            let measured = open.compactMap { mirrors[$0].speed }
            let typical = measured.isEmpty ? 1 : measured.reduce(0, +) / Double(measured.count)
            choice = open.max { a, b in
                let scoreA = (mirrors[a].speed ?? typical) / Double(mirrors[a].connections + 1)
                let scoreB = (mirrors[b].speed ?? typical) / Double(mirrors[b].connections + 1)
                return scoreA != scoreB ? scoreA < scoreB : a > b  // ties: the earlier (preferred) mirror
            }!
        }
        mirrors[choice].connections += 1
        mirrors[choice].tried = true
        return choice
    }

    /// The file's length is known before any mirror answers (the stored version of a resumed download): every
    /// mirror's first answer is held to it. A length already set stays.
    public mutating func expect(length: Int64) {
        if self.length == nil { self.length = length }
    }

    /// A connection on `mirror` closed (done, failed or cancelled).
    public mutating func closeConnection(on mirror: Int) {
        mirrors[mirror].connections = max(0, mirrors[mirror].connections - 1)
    }

    /// `bytes` arrived from `mirror` over `seconds`; a mirror that delivers is no longer failing.
    public mutating func received(_ bytes: Int64, in seconds: Double, from mirror: Int) {
        mirrors[mirror].bytes += bytes
        mirrors[mirror].seconds += seconds
        if bytes > 0 { mirrors[mirror].failuresInARow = 0 }
    }

    /// Checks the identity a response from `mirror` declared against the file's length and the mirror's own
    /// earlier validator; a mismatch drops the mirror.
    public mutating func check(_ identity: ResourceIdentity, from mirror: Int) -> IdentityVerdict {
        if let total = identity.totalLength {
            if let length, total != length {
                return drop(mirror, "\(Self.anotherLengthPrefix)\(total) bytes where the file has \(length)")
            }
            length = length ?? total
        }
        if let earlier = mirrors[mirror].identity {
            // A mirror without a strong validator can only be held to the length (checked above); the checksum, when
            // known, decides the rest.
            guard !earlier.canResume || earlier.isSameVersion(as: identity) else {
                return drop(mirror, "its file changed during the download (another validator)")
            }
        } else {
            mirrors[mirror].identity = identity
        }
        return .consistent
    }

    /// A request to `mirror` failed; `final` for an answer no retry changes (404, 410, a refused range) or a crawl.
    /// - Returns: the reason when this failure drops the mirror.
    @discardableResult
    public mutating func failed(_ mirror: Int, _ reason: String, final: Bool) -> String? {
        guard mirrors[mirror].dropped == nil else { return nil }
        mirrors[mirror].failuresInARow += 1
        if final || mirrors[mirror].failuresInARow >= failuresBeforeDrop {
            if case .dropped(let why) = drop(mirror, final ? reason : "\(reason) (\(mirrors[mirror].failuresInARow) times in a row)") {
                return why
            }
        }
        return nil
    }

    /// Why the download failed when ``exhausted``: every mirror's reason, one per line.
    public var exhaustedReason: String {
        mirrors.map { "\($0.url): \($0.dropped ?? "still usable")" }.joined(separator: "\n")
    }

    /// How the reason for a mirror dropped for another length begins.
    public static let anotherLengthPrefix = "serves "

    private mutating func drop(_ mirror: Int, _ reason: String) -> IdentityVerdict {
        if mirrors[mirror].dropped == nil { mirrors[mirror].dropped = reason }
        return .dropped(mirrors[mirror].dropped!)
    }
}
