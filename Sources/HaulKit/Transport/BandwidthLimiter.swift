import HaulCore
import NIOConcurrencyHelpers

/// Applies the global and per-download bandwidth limits to the bytes connections receive.
///
/// Every connection calls `pace` after each chunk it reads; the limiter charges the chunk to the global bucket and
/// to its download's bucket (`SharedBandwidth`) and sleeps as long as the tighter one says. Not reading is what
/// slows the server down: the HTTP client stops reading the socket while its consumer sleeps, TCP's window fills,
/// and the sender waits (the way curl's `--limit-rate` works). Limits can change while downloads run; the buckets
/// keep their balance across the change (`TokenBucket.setRate`).
///
/// When no limit is set the cost is one uncontended lock per chunk and no sleep.
public final class BandwidthLimiter: Sendable {
    private struct Buckets {
        var global = TokenBucket(rate: nil)
        var downloads: [Int64: TokenBucket] = [:]
    }
    private let buckets = NIOLockedValueBox(Buckets())
    private let clock: MonotonicClock
    /// Waits the given seconds (a task sleep; a test passes one that moves its own clock instead).
    private let wait: @Sendable (Double) async -> Void

    /// Creates a limiter with no limits, reading time from `clock` and waiting with `sleep`.
    init(clock: MonotonicClock = .system, sleep: (@Sendable (Double) async -> Void)? = nil) {
        self.clock = clock
        self.wait = sleep ?? { seconds in try? await Task.sleep(nanoseconds: UInt64(seconds * 1_000_000_000)) }
    }

    /// The global limit in bytes per second, or `nil`.
    public var globalLimit: Int64? {
        buckets.withLockedValue { $0.global.rate.map { Int64($0) } }
    }

    /// Sets the limit shared by all downloads, in bytes per second; `nil` or 0 removes it (0 is "no limit", as in
    /// aria2's `--max-overall-download-limit=0`).
    ///
    /// - Throws: `HaulError` `.usage` for a negative limit.
    public func setGlobalLimit(_ bytesPerSecond: Int64?) throws {
        applyGlobalLimit(try Self.checkedLimit(bytesPerSecond))
    }

    /// Sets one download's own limit, in bytes per second; `nil` or 0 removes it.
    ///
    /// - Throws: `HaulError` `.usage` for a negative limit.
    public func setLimit(_ bytesPerSecond: Int64?, for download: Int64) throws {
        applyLimit(try Self.checkedLimit(bytesPerSecond), for: download)
    }

    /// A limit as the buckets take it: `nil` for none (`nil` or 0), else the positive rate.
    ///
    /// - Throws: `.usage` for a negative limit, which means nothing.
    static func checkedLimit(_ bytesPerSecond: Int64?) throws -> Int64? {
        guard let bytesPerSecond, bytesPerSecond != 0 else { return nil }
        guard bytesPerSecond > 0 else {
            throw HaulError(.usage, "a rate limit is a number of bytes per second, 0 or nil for none, not \(bytesPerSecond)")
        }
        return bytesPerSecond
    }

    /// `setGlobalLimit` for a limit already checked (or from a schedule): anything not positive is none.
    func applyGlobalLimit(_ bytesPerSecond: Int64?) {
        let rate = bytesPerSecond.flatMap { $0 > 0 ? Double($0) : nil }
        let now = clock.now()
        buckets.withLockedValue { $0.global.setRate(rate, now: now) }
    }

    /// `setLimit` for a limit already checked: anything not positive is none.
    func applyLimit(_ bytesPerSecond: Int64?, for download: Int64) {
        let now = clock.now()
        buckets.withLockedValue { buckets in
            if let bytesPerSecond, bytesPerSecond > 0 {
                var bucket = buckets.downloads[download] ?? TokenBucket(rate: nil)
                bucket.setRate(Double(bytesPerSecond), now: now)
                buckets.downloads[download] = bucket
            } else {
                buckets.downloads[download] = nil
            }
        }
    }

    /// Whether a limit (the global one or the download's own) holds `download` back: the lowest-speed rule is
    /// then suspended, as slowness is the client's choice.
    func isLimited(download: Int64) -> Bool {
        buckets.withLockedValue { !$0.global.isUnlimited || $0.downloads[download] != nil }
    }

    /// The limit holding `download` back: the tighter of the global one and its own, or `nil`.
    func limit(of download: Int64) -> Int64? {
        buckets.withLockedValue { buckets in
            [buckets.global.rate, buckets.downloads[download]?.rate].compactMap { $0 }.min().map { Int64($0) }
        }
    }

    /// The seconds `bytes` just received by `download` must be paid for with.
    func charge(_ bytes: Int, download: Int64) -> Double {
        buckets.withLockedValue { buckets in
            // The common case, no limit at all, reads no clock.
            if buckets.global.isUnlimited && buckets.downloads[download] == nil { return 0 }
            let now = clock.now()
            var own = buckets.downloads[download] ?? TokenBucket(rate: nil)
            let wait = SharedBandwidth.request(bytes, now: now, global: &buckets.global, download: &own)
            if buckets.downloads[download] != nil { buckets.downloads[download] = own }
            return wait
        }
    }

    /// Charges `bytes` to the limits and sleeps as long as they say. Returns at once when the task is cancelled.
    func pace(_ bytes: Int, download: Int64) async {
        let seconds = charge(bytes, download: download)
        guard seconds > 0 else { return }
        await wait(min(seconds, 60))
    }
}
