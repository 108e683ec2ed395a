import XCTest

@testable import HaulCore

/// Drives a `TransferMachine` with events in the words of the tests.
struct MachineDriver {
    var machine: TransferMachine

    static let v1 = "\"v1\""
    static let v2 = "\"v2\""

    init(
        connections: Int = 1,
        minimumSplitSize: Int64 = 50,
        retry: RetryPolicy = RetryPolicy(maximumRetries: 5, initialDelay: 1, maximumDelay: 30),
        lowestSpeed: LowestSpeed? = nil,
        maximumVersionRestarts: Int = 3,
        refreshesExpiredSources: Bool = false,
        mirrors: [String] = [],
        expectedLength: Int64? = nil,
        pieceHashes: PieceLedger.Hashes? = nil,
        connectionTuning: ConnectionTuner.Settings? = nil,
        fetchesEachByteOnce: Bool = false
    ) {
        // The tests written before issue 56 script one request per segment and a probe cut at its end; the rules
        // that ask in parts have their own tests (TransferMachineAskingTests).
        let policy = SegmentPolicy(
            connections: connections, minimumSplitSize: minimumSplitSize, lowestSpeed: lowestSpeed,
            fetchesEachByteOnce: fetchesEachByteOnce
        )
        machine = TransferMachine(settings: .init(
            segmentPolicy: policy, retryPolicy: retry, maximumVersionRestarts: maximumVersionRestarts,
            refreshesExpiredSources: refreshesExpiredSources, mirrors: mirrors, expectedLength: expectedLength,
            pieceHashes: pieceHashes, connectionTuning: connectionTuning
        ))
    }

    static func identity(_ etag: String = v1, length: Int64? = 400) -> ResourceIdentity {
        ResourceIdentity(entityTag: EntityTag(etag), lastModified: nil, totalLength: length, lastModifiedIsStrong: false)
    }

    mutating func start(_ stored: StoredTransfer = .empty, now: Double = 0) -> [TransferAction] {
        machine.event(.started(stored, now: now))
    }

    mutating func head(_ k: Int, _ status: Int, _ headers: [(String, String)], now: Double = 0) -> [TransferAction] {
        machine.event(.responseHead(
            ConnectionID(k), ResponseHead(status: status, headers), host: "example.org", url: "http://example.org/f",
            now: now, wallClock: 0
        ))
    }

    /// A 200 with the whole file, advertising ranges (`Accept-Ranges: bytes`) unless told not to or `extra` says
    /// otherwise.
    mutating func whole(
        _ k: Int, etag: String = v1, length: Int64 = 400, extra: [(String, String)] = [], advertisesRanges: Bool = true
    ) -> [TransferAction] {
        let advertised = advertisesRanges && !extra.contains { $0.0 == "Accept-Ranges" } ? [("Accept-Ranges", "bytes")] : []
        return head(k, 200, [("Content-Length", "\(length)"), ("ETag", etag)] + advertised + extra)
    }

    /// A 206 for `[from, to)` of a file of `total` bytes.
    mutating func partial(_ k: Int, _ from: Int64, _ to: Int64, total: Int64 = 400, etag: String = v1, now: Double = 0) -> [TransferAction] {
        head(k, 206, [("Content-Range", "bytes \(from)-\(to - 1)/\(total)"), ("Content-Length", "\(to - from)"), ("ETag", etag)], now: now)
    }

    mutating func wrote(_ k: Int, upTo offset: Int64) -> [TransferAction] {
        machine.event(.wrote(ConnectionID(k), upTo: offset))
    }

    mutating func ended(_ k: Int, now: Double = 0) -> [TransferAction] {
        machine.event(.ended(ConnectionID(k), now: now))
    }

    mutating func failed(_ k: Int, _ kind: TransferProblem.Kind = .network, now: Double = 0) -> [TransferAction] {
        machine.event(.failed(ConnectionID(k), TransferProblem(kind, "connection reset"), now: now))
    }

    mutating func timer(_ now: Double, throttled: Bool = false) -> [TransferAction] {
        machine.event(.timer(now: now, throttled: throttled))
    }
}

/// Picks actions out of a list.
extension Array where Element == TransferAction {
    var opens: [(connection: Int, plan: RequestPlan, end: Int64?)] {
        compactMap { if case .open(let k, let plan, let end) = $0 { (k.rawValue, plan, end) } else { nil } }
    }

    var writes: [(connection: Int, body: BodyPlan, end: Int64?)] {
        compactMap { if case .write(let k, let body, let end) = $0 { (k.rawValue, body, end) } else { nil } }
    }

    var drops: [(connection: Int, reason: DropReason)] {
        compactMap { if case .drop(let k, let reason) = $0 { (k.rawValue, reason) } else { nil } }
    }

    var discards: [String?] {
        compactMap { if case .discard(let reason) = $0 { reason } else { nil } }
    }

    var retries: [(at: Double, afterSeconds: Double, attempt: Int)] {
        compactMap { if case .retry(let at, let delay, let attempt, _) = $0 { (at, delay, attempt) } else { nil } }
    }

    var hostLessons: [(connections: Int, lesson: LearnedHostBudget.Lesson)] {
        compactMap { if case .hostLimited(let n, _, let lesson) = $0 { (n, lesson) } else { nil } }
    }

    var failure: TransferProblem? {
        for case .fail(let problem) in self { return problem }
        return nil
    }

    var finish: (length: Int64, identity: ResourceIdentity?)? {
        for case .finish(let length, let identity, _) in self { return (length, identity) }
        return nil
    }

    var sources: [(connection: Int, url: String)] {
        compactMap { if case .useSource(let k, let url) = $0 { (k.rawValue, url) } else { nil } }
    }

    var refresh: TransferProblem? {
        for case .refreshSource(let problem) in self { return problem }
        return nil
    }

    var pieceChecks: [(index: Int, serial: Int, range: Range<Int64>)] {
        compactMap { if case .checkPiece(let i, let serial, let range, _) = $0 { (i, serial, range) } else { nil } }
    }

    var notices: [String] {
        compactMap { if case .notice(let text) = $0 { text } else { nil } }
    }
}

/// The request a connection sends for `[from, to)` (to nil: open) of the `v1` file.
func ranged(_ from: Int64, _ to: Int64?, etag: String = MachineDriver.v1) -> RequestPlan {
    .fetch(ByteRange(from, to), of: MachineDriver.identity(etag))
}
