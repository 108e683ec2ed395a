/// How far each connection's request reaches, so that a steal takes only bytes nobody has asked for.
///
/// A server sends a range to its end whatever the client decides later: when a running request is cut short, every
/// byte it had in flight past the cut (the socket buffers, a bandwidth-delay product and more on a fast link) crosses
/// the wire, is dropped, and is fetched again by the connection that took the rest. So with
/// `SegmentPolicy.fetchesEachByteOnce` a connection asks for its segment in parts (`askedEnd(from:to:)`), the
/// planner is told where each part ends (`connectionAsked`), and a split never cuts below it: the owner keeps
/// `[next, max(cut, asked))`, which its request delivers whole. A request is still cut short when its owner is
/// measured at under half the speed a free connection is expected to reach (its server holds it back, so little
/// is in flight) and by a takeover (see `bestSteal`). docs/segments.md has the measurements.
extension SegmentPlanner {
    /// Connection `id`'s current request ends at `end` (exclusive): no split cuts its segment below it. Unknown
    /// connections are ignored; the mark is forgotten when the connection lets go of its segment.
    public mutating func connectionAsked(_ id: ConnectionID, upTo end: Int64) {
        guard let i = segments.firstIndex(where: { $0.owner == id }) else { return }
        askedEnds[id] = min(end, segments[i].end)
    }

    /// Where connection `id`'s current request ends, as last told (nil: not told, the whole segment may be cut).
    public func askedEnd(of id: ConnectionID) -> Int64? { askedEnds[id] }

    /// The first byte of `segment` that no request has asked for yet: a split cuts nowhere below it.
    func unasked(_ segment: Segment) -> Int64 {
        guard let owner = segment.owner, let asked = askedEnds[owner] else { return segment.next }
        return min(max(segment.next, asked), segment.end)
    }

    /// Where one request for `[next, end)` stops when a segment is asked for in parts, with `floor` the smallest cut
    /// a steal makes (`SegmentPolicy.stealingSplitSize`) and `atMost` the most one request may ask for:
    ///
    ///     R = end - next
    ///     asked = end                                               when R < 2 * floor (no steal could take a part)
    ///     asked = next + max(floor, min(R / 2, atMost))             otherwise
    ///
    /// so at least half of what is left stays unasked, the part a steal takes (it cuts the remainder about in half
    /// when the speeds are equal). The runner doubles `atMost` with each part a connection asks for, from `floor`:
    /// a connection not yet known to be fast holds little that a steal cannot take (TCP's slow start, for ranges),
    /// and a segment of `S` bytes still costs about `log2(S / floor) + 2` requests.
    public static func askedEnd(from next: Int64, to end: Int64, floor: Int64, atMost: Int64 = .max) -> Int64 {
        let remaining = end - next
        guard remaining / 2 >= floor else { return end }
        return next + max(floor, min(remaining / 2, atMost))
    }
}
