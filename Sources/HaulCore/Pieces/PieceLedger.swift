/// Which pieces of a file with piece hashes (a Metalink's `<pieces>`) are verified, which are being checked, and
/// which are due: a pure record, fed the byte ranges that have landed and the digests the I/O layer computed.
///
/// A piece is *due* once every one of its bytes has landed and it is neither verified nor being checked. The I/O
/// layer reads it back from the part file and hashes it (reading back, rather than hashing the stream, needs no
/// proof of order and works the same after a restart), and answers with the digest and the serial it was asked
/// with: an answer for an older request (the piece was discarded or fetched again meanwhile) is ignored. A bad
/// piece is no longer landed for the caller, which marks its bytes missing again.
///
/// Verified pieces are what a resume may trust without hashing again; ``restore(verified:landed:)`` keeps only
/// those whose bytes the stored progress still covers, so a record that outlived its bytes trusts nothing.
public struct PieceLedger: Sendable, Equatable {
    /// The piece hashes as a Metalink gives them.
    public struct Hashes: Sendable, Hashable, Codable {
        /// Bytes per piece (the last piece may be shorter).
        public var length: Int64
        /// The hash function, as Haul names it (`sha256`, `sha1`, ...).
        public var algorithm: String
        /// One lowercase hex digest per piece, in file order.
        public var digests: [String]

        /// Creates piece hashes.
        public init(length: Int64, algorithm: String, digests: [String]) {
            self.length = length
            self.algorithm = algorithm
            self.digests = digests
        }
    }

    /// What a digest said about a piece.
    public enum Verdict: Sendable, Equatable {
        /// The piece matches its hash.
        case verified
        /// The piece does not match: its bytes are to be fetched again. `times`: how often this piece failed.
        case bad(Range<Int64>, times: Int)
        /// An answer nobody waits for any more.
        case stale
    }

    public let hashes: Hashes
    /// The file's length.
    public let size: Int64
    /// Pieces shown to match their hash.
    public private(set) var verified: Set<Int> = []
    /// Pieces being hashed, with the serial of the request.
    public private(set) var checking: [Int: Int] = [:]
    /// How often each piece failed its hash.
    public private(set) var failures: [Int: Int] = [:]
    private var lastSerial = 0

    /// A ledger for a file of `size` bytes; nil when the hashes do not fit the size (a piece count that differs).
    public init?(hashes: Hashes, size: Int64) {
        guard hashes.length > 0, size >= 0 else { return nil }
        let count = size == 0 ? 0 : Int((size + hashes.length - 1) / hashes.length)
        guard count == hashes.digests.count else { return nil }
        self.hashes = hashes
        self.size = size
    }

    /// The number of pieces.
    public var count: Int { hashes.digests.count }

    /// Whether every piece is verified.
    public var isComplete: Bool { verified.count == count }

    /// The bytes of piece `index`.
    public func range(of index: Int) -> Range<Int64> {
        let start = Int64(index) * hashes.length
        return start..<min(size, start + hashes.length)
    }

    /// Pieces whose bytes all lie in `landed` (sorted, non-overlapping ranges) and that are neither verified nor
    /// being checked: each is now being checked under the returned serial.
    public mutating func due(landed: [Range<Int64>]) -> [(index: Int, range: Range<Int64>, serial: Int)] {
        var found: [(Int, Range<Int64>, Int)] = []
        for run in landed where !run.isEmpty {
            // Only the pieces wholly inside this landed run.
            var index = Int((run.lowerBound + hashes.length - 1) / hashes.length)
            while index < count {
                let piece = range(of: index)
                guard piece.upperBound <= run.upperBound else { break }
                if !verified.contains(index), checking[index] == nil {
                    lastSerial += 1
                    checking[index] = lastSerial
                    found.append((index, piece, lastSerial))
                }
                index += 1
            }
        }
        return found
    }

    /// The I/O layer hashed piece `index` (asked under `serial`) and got `digest` (hex).
    public mutating func checked(_ index: Int, serial: Int, digest: String) -> Verdict {
        guard checking[index] == serial else { return .stale }
        checking[index] = nil
        if digest.lowercased() == hashes.digests[index].lowercased() {
            verified.insert(index)
            return .verified
        }
        failures[index, default: 0] += 1
        return .bad(range(of: index), times: failures[index]!)
    }

    /// Bytes from `offset` on are gone or will be written again (a truncation, a restart from 0): their pieces are
    /// no longer verified, and checks under way for them are forgotten.
    public mutating func forget(from offset: Int64) {
        verified = verified.filter { range(of: $0).upperBound <= offset }
        checking = checking.filter { range(of: $0.key).upperBound <= offset }
    }

    /// The bytes of `range` will be written again (a bad piece fetched anew): the pieces they touch are neither
    /// verified nor being checked.
    public mutating func forget(_ bytes: Range<Int64>) {
        let ledger = self
        verified = verified.filter { !ledger.range(of: $0).overlaps(bytes) }
        checking = checking.filter { !ledger.range(of: $0.key).overlaps(bytes) }
    }

    /// After a restart: trusts the recorded `verified` pieces that `landed` (the stored progress) still covers.
    public mutating func restore(verified recorded: Set<Int>, landed: [Range<Int64>]) {
        verified = recorded.filter { index in
            guard (0..<count).contains(index) else { return false }
            let piece = range(of: index)
            return landed.contains { $0.lowerBound <= piece.lowerBound && piece.upperBound <= $0.upperBound }
        }
        checking = [:]
    }
}
