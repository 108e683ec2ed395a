extension TransferMachine {
    /// The request a fresh run with `settings` sends first: what its first `.open` asks, on which connection role
    /// (a bounded body is a segment's), asked of the machine itself rather than predicted beside it. Nil when that
    /// first request is not one plain request to the download's own URL (a run over mirrors routes it, `.useSource`).
    ///
    /// What start-up work sends before the download exists (`haul`'s head start, `EarlyStart`) and what the
    /// transport matches the download's first `open` against.
    public static func firstRequest(settings: Settings, stored: StoredTransfer = .empty) -> (plan: RequestPlan, bounded: Bool)? {
        var machine = TransferMachine(settings: settings)
        for action in machine.event(.started(stored, now: 0)) {
            switch action {
            case .useSource: return nil
            case .open(let k, let plan, let end) where k == ConnectionID(1): return (plan, end != nil)
            default: continue
            }
        }
        return nil
    }
}
