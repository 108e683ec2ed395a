/// A global limit and a per-download limit applied together: bytes move only when both buckets allow them.
///
///     wait = max(global.request(n, now), download.request(n, now))
///
/// Both buckets are charged for every byte and the caller waits at least as long as each asks, so each limit
/// holds on its own and the tighter one governs. The global bucket is shared by all downloads (it lives with
/// whoever owns the queue); each download owns its own bucket.
public enum SharedBandwidth {
    /// Charges `bytes` to both buckets at time `now` and returns the longer of their waits, in seconds.
    public static func request(_ bytes: Int, now: Double, global: inout TokenBucket, download: inout TokenBucket) -> Double {
        let globalWait = global.request(bytes, now: now)
        let downloadWait = download.request(bytes, now: now)
        return max(globalWait, downloadWait)
    }
}
