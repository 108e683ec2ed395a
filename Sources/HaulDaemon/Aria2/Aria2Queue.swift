/// aria2's arithmetic on its lists: `changePosition` and the `offset`/`num` window of `tellWaiting`/`tellStopped`.
package enum Aria2Queue {
    /// How `changePosition` counts.
    package enum Origin: String, Sendable {
        case set = "POS_SET", current = "POS_CUR", end = "POS_END"
    }

    /// The index a download at `current` moves to in a waiting list of `count` downloads (itself included):
    /// relative to the start, to where it is, or to the end, clamped to the list (the aria2c manual: "If the
    /// destination position is less than 0 or beyond the end of the queue, it moves the download to the beginning
    /// or the end of the queue respectively").
    ///
    /// `pos` is the client's number, any `Int` (`Int.max` with `POS_CUR` trapped, issue 33 point 5): the sum
    /// saturates, which clamps to the same end of the list.
    package static func newPosition(current: Int, count: Int, pos: Int, how: Origin) -> Int {
        let base: Int
        switch how {
        case .set: base = 0
        case .current: base = current
        case .end: base = count - 1
        }
        return min(max(saturatingSum(base, pos), 0), max(count - 1, 0))
    }

    /// `a + b`, or `Int.max`/`Int.min` where it would overflow.
    static func saturatingSum(_ a: Int, _ b: Int) -> Int {
        let (sum, overflow) = a.addingReportingOverflow(b)
        guard overflow else { return sum }
        return b > 0 ? .max : .min
    }

    /// `ids` with `id` moved to `index`.
    package static func moving(_ id: Int64, to index: Int, in ids: [Int64]) -> [Int64] {
        var result = ids.filter { $0 != id }
        result.insert(id, at: min(max(index, 0), result.count))
        return result
    }

    /// The elements `tellWaiting(offset, num)` returns: `[offset, offset + num)`, or for a negative offset counted
    /// from the end (-1 is the last), going backwards ("Downloads in the response are in reversed order then").
    /// `offset` and `num` are the client's numbers, any `Int`: no sum of them can overflow (`num` is first cut to
    /// the list's length).
    package static func window<T>(_ items: [T], offset: Int, num: Int) -> [T] {
        windowIndices(count: items.count, offset: offset, num: num).map { items[$0] }
    }

    /// The indices `window` takes from a list of `count` elements, in the order it returns them: what a list
    /// that is not built whole (the daemon's queue, read through an ordered index) needs to fetch only the
    /// window. Costs O(the window), whatever `count` is.
    package static func windowIndices(count: Int, offset: Int, num: Int) -> [Int] {
        guard num > 0, count > 0 else { return [] }
        let num = min(num, count)
        if offset >= 0 {
            guard offset < count else { return [] }
            return Array(offset..<min(count, offset + num))
        }
        guard offset >= -count else { return [] }
        let start = count + offset
        let end = max(start - num + 1, 0)
        return Array((end...start).reversed())
    }
}
