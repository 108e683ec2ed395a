import Foundation
import HaulCore

extension DownloadManager {
    /// Follows `schedule` with the limit shared by all downloads: at every change the schedule names (and at least
    /// once a minute, since the wall clock may jump: a suspended laptop, NTP, a time zone change) the global limit
    /// becomes the rule's (`0` in a rule: unlimited), or `otherwise` where no rule applies (`nil`, or 0 or less: unlimited). `nil` stops following a
    /// schedule and sets `otherwise`. Times are read in `calendar`'s time zone (`nil`: the user's, `Calendar.current`,
    /// read only when there is a schedule: reading it loads the time zone database, which a run without one never
    /// needs).
    ///
    /// The decisions (which rule holds, when that changes, across midnight, week ends and clock changes) are
    /// `SpeedSchedule`'s, a pure type tested on its own; this is only the loop that applies them, on the client's
    /// clock (`following`).
    public func setSpeedSchedule(_ schedule: SpeedSchedule?, otherwise: Int64?, calendar: Calendar? = nil) {
        speedScheduleTask?.cancel()
        speedScheduleTask = nil
        guard let schedule else {
            client.bandwidth.applyGlobalLimit(otherwise)
            return
        }
        let calendar = calendar ?? .current
        let (bandwidth, clock) = (client.bandwidth, client.configuration.clock)
        bandwidth.applyGlobalLimit(Self.limit(of: schedule, at: clock.date(), in: calendar, otherwise: otherwise))
        speedScheduleTask = Self.following(clock: clock, nextChange: { schedule.nextChange(after: $0, in: calendar) }) { now in
            bandwidth.applyGlobalLimit(Self.limit(of: schedule, at: now, in: calendar, otherwise: otherwise))
            return true
        }
    }

    /// The loop both schedules run on the client's clock (`HaulConfiguration.clock`: the system's, or one a test
    /// moves): it sleeps until the next change `nextChange` names after now, or a minute at most (the wall clock
    /// may jump: a suspended laptop, NTP, a time zone change), then calls `apply` with the time, until `apply`
    /// says no more or the task is cancelled.
    static func following(
        clock: EngineClock, nextChange: @escaping @Sendable (Date) -> Date?, apply: @escaping @Sendable (Date) async -> Bool
    ) -> Task<Void, Never> {
        Task {
            while true {
                let now = clock.date()
                let wait = nextChange(now)?.timeIntervalSince(now) ?? 60
                do { try await clock.sleep(seconds: min(max(wait, 0.05), 60)) } catch { return }
                guard !Task.isCancelled, await apply(clock.date()) else { return }
            }
        }
    }

    /// The global limit `schedule` asks for at `date` (`nil`: unlimited).
    static func limit(of schedule: SpeedSchedule, at date: Date, in calendar: Calendar, otherwise: Int64?) -> Int64? {
        switch schedule.limit(at: date, in: calendar) {
        case nil: return otherwise
        case .unlimited?: return nil
        case .bytesPerSecond(let rate)?: return rate
        }
    }
}
