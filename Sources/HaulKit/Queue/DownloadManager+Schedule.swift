import Foundation
import HaulCore

extension DownloadManager {
    /// Follows `schedule` with the limit shared by all downloads: at every change the schedule names (and at least
    /// once a minute, since the wall clock may jump: a suspended laptop, NTP, a time zone change) the global limit
    /// becomes the rule's (`0` in a rule: unlimited), or `otherwise` where no rule applies. `nil` stops following a
    /// schedule and sets `otherwise`. Times are read in `calendar`'s time zone (the user's by default).
    ///
    /// The decisions (which rule holds, when that changes, across midnight, week ends and clock changes) are
    /// `SpeedSchedule`'s, a pure type tested on its own; this is only the loop that applies them.
    public func setSpeedSchedule(_ schedule: SpeedSchedule?, otherwise: Int64?, calendar: Calendar = .current) {
        speedScheduleTask?.cancel()
        speedScheduleTask = nil
        guard let schedule else {
            setGlobalRateLimit(otherwise)
            return
        }
        let bandwidth = client.bandwidth
        bandwidth.setGlobalLimit(Self.limit(of: schedule, at: Date(), in: calendar, otherwise: otherwise))
        speedScheduleTask = Task {
            while !Task.isCancelled {
                let now = Date()
                bandwidth.setGlobalLimit(Self.limit(of: schedule, at: now, in: calendar, otherwise: otherwise))
                let next = schedule.nextChange(after: now, in: calendar)?.timeIntervalSince(now) ?? 60
                try? await Task.sleep(nanoseconds: UInt64(min(max(next, 0.05), 60) * 1e9))
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
