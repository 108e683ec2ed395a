/// Piece hashes (a Metalink's `<pieces>`): each piece is checked as soon as all its bytes have landed, and a bad
/// piece is fetched again instead of costing the whole file.
///
/// - After every event, the pieces whose bytes have all landed (the single run's `[0, held)`, the planner's
///   received ranges) and that are neither verified nor being checked are asked for with `.checkPiece`; the I/O
///   layer reads them back from the file and answers `.pieceChecked` (see `PieceLedger`).
/// - A verified piece is recorded (`.recordVerifiedPieces`), so a resume trusts it without hashing it again; a
///   piece whose bytes are discarded or truncated away is forgotten and the record follows.
/// - A bad piece's bytes become missing again: several connections mark just that range missing in the planner,
///   which hands it to a connection like any waiting range; one connection goes back to the piece's start (its
///   bytes must stay one run from byte 0). It is said (`piece N failed its hash check`). With several mirrors,
///   the mirrors that wrote it count a failure and the range prefers another mirror; a mirror that sent two bad
///   pieces is dropped (`TransferMachine+Mirrors`).
/// - The run finishes only when every piece is verified; the whole-file hash, when known, still decides at the end.
extension TransferMachine {
    /// A piece that fails its hash this often ends the run (exit 5): every source keeps sending it wrong, and
    /// fetching it forever would never end. The `.part` file stays.
    static let badPieceLimit = 5

    /// After a restart: the recorded verified pieces the stored progress still covers.
    mutating func restorePieces(_ stored: StoredTransfer) {
        guard pieces != nil else { return }
        let segments = stored.segments.map { StoredSegment(start: $0.start, end: $0.end, next: min($0.next, stored.partFileSize)) }
        pieces?.restore(verified: stored.verifiedPieces, landed: Self.merged(segments.map { $0.start..<max($0.start, $0.next) }))
    }

    /// Keeps the ledger in step with what `actions` do to the file, asks for the pieces now due, and records the
    /// verified set when it changed.
    mutating func followPieces(_ actions: [TransferAction], verifiedBefore: Set<Int>?) -> [TransferAction] {
        guard var ledger = pieces else { return [] }
        for action in actions {
            switch action {
            case .discard: ledger.forget(from: 0)
            case .truncate(let length): ledger.forget(from: length)
            default: break
            }
        }
        var more: [TransferAction] = []
        if ledger.verified != verifiedBefore { more.append(.recordVerifiedPieces(ledger.verified.sorted())) }
        more += ledger.due(landed: landedRanges).map {
            .checkPiece(index: $0.index, serial: $0.serial, range: $0.range, algorithm: ledger.hashes.algorithm)
        }
        pieces = ledger
        return more
    }

    /// The byte ranges in the file now, merged.
    var landedRanges: [Range<Int64>] {
        switch mode {
        case .single(let run): return run.held > 0 ? [0..<run.held] : []
        case .segmented(let run): return run.planner.landedRanges
        case .idle, .probing, .awaitingSource, .ended: return []
        }
    }

    /// The I/O layer's answer for a piece.
    mutating func pieceChecked(_ index: Int, serial: Int, digest: String) -> [TransferAction] {
        guard var ledger = pieces else { return [] }
        let verdict = ledger.checked(index, serial: serial, digest: digest)
        pieces = ledger
        switch verdict {
        case .stale:
            return []
        case .verified:
            return finishIfVerified()
        case .bad(let range, let times):
            guard times < Self.badPieceLimit else {
                return fail(TransferProblem(.protocolViolation, "piece \(index) failed its \(ledger.hashes.algorithm) check \(times) times"))
            }
            let said = TransferAction.notice(
                "piece \(index) (bytes \(range.lowerBound)-\(range.upperBound - 1)) failed its \(ledger.hashes.algorithm) check; fetching it again"
            )
            return [said] + blameMirrors(for: range) + fetchAgain(range)
        }
    }

    /// The last piece was verified after every byte had landed: the run finishes now.
    private mutating func finishIfVerified() -> [TransferAction] {
        guard pieces?.isComplete == true else { return [] }
        switch mode {
        case .segmented(var run):
            guard run.planner.isComplete else { return [] }
            let actions = afterSegmentedEvent(&run)
            if case .segmented = mode { mode = .segmented(run) }
            return actions
        case .single(var run):
            guard run.connection == nil, run.retryAt == nil, let total = run.identity?.totalLength, run.held == total else { return [] }
            let actions = finishSingle(&run)
            if case .single = mode { mode = .single(run) }
            return actions
        case .idle, .probing, .awaitingSource, .ended:
            return []
        }
    }

    /// Marks a bad piece's bytes missing and fetches them again.
    private mutating func fetchAgain(_ range: Range<Int64>) -> [TransferAction] {
        pieces?.forget(range)
        switch mode {
        case .segmented(var run):
            run.planner.markMissing(range)
            let actions = afterSegmentedEvent(&run)
            if case .segmented = mode { mode = .segmented(run) }
            return actions
        case .single(var run):
            guard range.lowerBound < run.held else { return [] }
            // One connection's bytes are one run from byte 0: back to the piece's start, the rest comes again.
            var actions: [TransferAction] = run.connection.map { [.drop($0, .transferEnding)] } ?? []
            run.connection = nil
            run.retryAt = nil
            run.held = range.lowerBound
            actions += [.truncate(to: run.held), .checkpoint([run.storedSegment], immediately: true)] + openSingle(&run)
            mode = .single(run)
            return actions
        case .idle, .probing, .awaitingSource, .ended:
            return []
        }
    }

    static func merged(_ ranges: [Range<Int64>]) -> [Range<Int64>] {
        var runs: [Range<Int64>] = []
        for range in ranges.filter({ !$0.isEmpty }).sorted(by: { $0.lowerBound < $1.lowerBound }) {
            if let last = runs.last, last.upperBound >= range.lowerBound {
                runs[runs.count - 1] = last.lowerBound..<max(last.upperBound, range.upperBound)
            } else {
                runs.append(range)
            }
        }
        return runs
    }
}
