/// The total line under a batch's rows (`haul -j 4 URL...` on a terminal): how many are done, running, queued,
/// paused and failed, the bytes, the speed, the time and the keys, fitted to the terminal's width.
///
/// Once nothing moves (the run ended, or nothing is downloading or queued), the current speed would say 0 B/s:
/// the run's average speed says what happened instead. A run that fetched nothing (a rerun where every file was
/// already complete, or failed at once) says `nothing fetched` in place of the bytes and the speed, not
/// `avg 0 B/s` (issue 60, point 9).
public struct BatchTotalLine: Sendable, Equatable {
    public var done: Int
    /// The downloads of the run (those expected, or more if more came).
    public var total: Int
    /// Downloading, with bytes still to come.
    public var running = 0
    /// Every byte in, being verified, flushed and renamed.
    public var finishing = 0
    public var queued = 0
    public var paused = 0
    public var failed = 0
    /// Bytes held over every download of the run.
    public var bytes: Int64 = 0
    /// Bytes this run moved (a resumed download's earlier bytes are not this run's).
    public var transferred: Int64 = 0
    /// The current speed over the running downloads, bytes per second.
    public var speed: Double = 0
    /// Seconds since the run started.
    public var elapsed: Double = 0
    /// Nothing moves any more: the average replaces the current speed.
    public var settled = false
    /// The keys, shown on a terminal of 90 columns or more.
    public var hint: String?

    public init(done: Int, total: Int) {
        self.done = done
        self.total = total
    }

    /// The line for a terminal `width` columns wide, never `width` characters or more.
    public func text(width: Int) -> String {
        // Parts and the order they go in on a narrow terminal (the highest rank first): whole parts, never a cut
        // word. The counts of failed downloads stay longest.
        var parts: [(text: String, rank: Int)] = [("total  \(done)/\(total) done", 0)]
        if running > 0 { parts.append((", \(running) running", 5)) }
        if finishing > 0 { parts.append((", \(finishing) finishing", 5)) }
        if queued > 0 { parts.append((", \(queued) queued", 4)) }
        if paused > 0 { parts.append((", \(paused) paused", 3)) }
        if failed > 0 { parts.append((", \(failed) failed", 1)) }
        if settled && transferred == 0 {
            parts.append(("  nothing fetched", 2))
        } else {
            let shownSpeed = settled
                ? "avg " + ByteCount.formatRate(elapsed > 0 ? Double(transferred) / elapsed : 0)
                : ByteCount.formatRate(speed)
            parts.append(("  \(ByteCount.format(bytes))", 2))
            parts.append(("  \(shownSpeed)", 6))
        }
        parts.append(("  \(DurationText.elapsed(elapsed))", 7))
        if let hint, width >= 90 { parts.append(("  " + hint, 8)) }
        return Self.fitted(parts, room: width - 1)
    }

    /// The parts joined, leaving out the highest-ranked ones until the line fits in `room`.
    public static func fitted(_ parts: [(text: String, rank: Int)], room: Int) -> String {
        var parts = parts
        while parts.map(\.text.count).reduce(0, +) > room,
            let worst = parts.indices.filter({ parts[$0].rank > 0 }).max(by: { parts[$0].rank < parts[$1].rank })
        {
            parts.remove(at: worst)
        }
        return ProgressLine.cutAtWord(parts.map(\.text).joined(), room: room)
    }
}
