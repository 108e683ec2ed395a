extension SegmentPlanner {
    /// Sets how many connections may run at once, within `1...policy.connections`: raised when a download whose
    /// count Haul chooses (`ConnectionTuner`) adds connections, lowered when it settles on fewer or the host's
    /// budget falls. Raising opens nothing by itself: `nextAssignment()` then gives the new connections waiting
    /// segments or stolen work. Lowering below the connections running retires the newest of them (the highest
    /// numbers: those the last raise added): their segments wait again from their `next`, nothing received is lost,
    /// and the connections that stay take them over as they finish their own. Returns the connections to cancel.
    public mutating func setConnectionLimit(_ limit: Int) -> [ConnectionID] {
        maximumConnections = max(1, min(limit, policy.connections))
        let retired = overLimit()
        for id in retired {
            if let i = segments.firstIndex(where: { $0.owner == id }) { release(i) }
        }
        return retired
    }

    /// Lowers (or raises) the limit as `setConnectionLimit(_:)` does, but a connection over it whose request is still
    /// delivering (the runner said where it ends, `connectionAsked`) is not cancelled: it keeps `[next, asked)`, which
    /// its request delivers whole, and retires when that has arrived (`retiring`; `connectionFinished` gives it no
    /// more work while the staying connections fill the limit). The rest of its segment, `[asked, end)`, waits for
    /// the connections that stay. Cancelling it would drop what the server had already sent past `next` (its socket
    /// buffers: megabytes on a fast link), and the connection that takes the range over would fetch it again.
    ///
    /// - Returns: `cancelled`: connections with nothing asked for beyond `next` (cancel them; their segments wait
    ///   from `next`); `finishing`: connections that now end at `end` (tell the runner, `.shorten`).
    public mutating func retireAfterAsked(above limit: Int) -> (cancelled: [ConnectionID], finishing: [(ConnectionID, end: Int64)]) {
        maximumConnections = max(1, min(limit, policy.connections))
        var cancelled: [ConnectionID] = []
        var finishing: [(ConnectionID, end: Int64)] = []
        for id in overLimit() {
            guard let i = segments.firstIndex(where: { $0.owner == id }) else { continue }
            let segment = segments[i]
            guard let asked = askedEnds[id], asked > segment.next, asked <= segment.end else {
                release(i)
                cancelled.append(id)
                continue
            }
            if asked < segment.end {
                segments[i].end = asked
                segments.insert(Segment(start: asked, end: segment.end, next: asked), at: i + 1)
            }
            retiring.insert(id)
            finishing.append((id, end: asked))
        }
        return (cancelled, finishing)
    }

    /// The staying connections above the limit, newest first in number order: those a lower limit retires.
    private func overLimit() -> [ConnectionID] {
        let running = stayingConnections.sorted { $0.rawValue < $1.rawValue }
        guard running.count > maximumConnections else { return [] }
        return Array(running[maximumConnections...])
    }
}
