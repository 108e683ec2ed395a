extension SegmentPlanner {
    /// Sets how many connections may run at once, within `1...policy.connections`: raised when a download whose
    /// count Haul chooses (`ConnectionTuner`) adds connections, lowered when it settles on fewer or the host's
    /// budget falls. Raising opens nothing by itself: `nextAssignment()` then gives the new connections waiting
    /// segments or stolen work. Lowering below the connections running retires the newest of them (the highest
    /// numbers: those the last raise added): their segments wait again from their `next`, nothing received is lost,
    /// and the connections that stay take them over as they finish their own. Returns the connections to cancel.
    public mutating func setConnectionLimit(_ limit: Int) -> [ConnectionID] {
        maximumConnections = max(1, min(limit, policy.connections))
        let running = activeConnections.sorted { $0.rawValue < $1.rawValue }
        guard running.count > maximumConnections else { return [] }
        let retired = Array(running[maximumConnections...])
        for id in retired {
            if let i = segments.firstIndex(where: { $0.owner == id }) { release(i) }
        }
        return retired
    }
}
