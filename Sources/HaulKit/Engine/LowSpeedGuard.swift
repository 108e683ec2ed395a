import HaulCore

/// Applies the lowest-speed rule (`LowestSpeed`, decided by `LowSpeedWatch`) to one response body of a
/// single-connection transfer: fed the bytes received and the time after every chunk, it throws a network error
/// when the connection trickles, so the transfer drops it and resumes at the byte held, as after a stall.
///
/// The stall timeout (the transport's read timeout) only sees silence; this sees a server that sends a byte every
/// few seconds. While a bandwidth limit of the client's own holds the download back, the window restarts: the
/// slowness is then chosen, not the server's. (Segmented transfers apply the same rule in `SegmentPlanner.tick`.)
struct LowSpeedGuard {
    private var watch: LowSpeedWatch?
    private let bandwidth: BandwidthLimiter
    private let download: Int64
    private let host: String
    /// The next time worth a look. The watch samples at most a few times a second, so the chunks in between cost
    /// one comparison, not the bandwidth limiter's lock.
    private var nextCheck: Double

    init(rule: LowestSpeed?, now: Double, bandwidth: BandwidthLimiter, download: Int64, host: String) {
        self.watch = rule.map { LowSpeedWatch(rule: $0, startingAt: now) }
        self.bandwidth = bandwidth
        self.download = download
        self.host = host
        self.nextCheck = now
    }

    /// Judges the connection after `received` bytes of this response by `now`.
    ///
    /// - Throws: `HaulError` of kind `.network` naming the speed, when the connection is below the rule.
    mutating func check(received: Int64, now: Double) throws {
        guard now >= nextCheck, var current = watch else { return }
        nextCheck = now + 0.25
        defer { watch = current }
        if bandwidth.isLimited(download: download) {
            current.restart(at: now, bytes: received)
            return
        }
        guard case .drop(let average) = current.record(bytes: received, at: now) else { return }
        let rule = current.rule
        throw HaulError(
            .network,
            "\(host) sent \(ByteCount.formatRate(average)) for \(DurationText.format(rule.seconds)), below the lowest speed of \(ByteCount.formatRate(Double(rule.bytesPerSecond)))"
        )
    }
}
