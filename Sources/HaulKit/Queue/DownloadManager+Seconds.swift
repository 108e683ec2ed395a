import HaulCore

extension DownloadManager {
    /// Creates a manager looking at the store every `pollInterval` seconds: the spelling before `Duration`
    /// (issue #57), kept so that code written against it compiles; it forwards to
    /// `init(client:limits:pollInterval:)` with a `Duration`. A value that is not a number or not finite is refused
    /// there with `.usage`, never a trap.
    @available(*, deprecated, message: "pass pollInterval as a Duration, such as .seconds(1)")
    public init(client: HaulClient, limits: QueueLimits = .standard, pollInterval: Double) throws {
        try self.init(client: client, limits: limits, pollInterval: .checkedSeconds(pollInterval))
    }
}
