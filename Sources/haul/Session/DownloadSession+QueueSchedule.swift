import Foundation
import HaulCore

extension DownloadSession {
    /// What to tell the person when `schedule` holds the queue at `now`: until when downloads wait; `nil` when
    /// the queue runs. Without it a run started outside its window would sit silent until the window opens.
    static func heldNote(_ schedule: QueueSchedule, at now: Date, in calendar: Calendar) -> String? {
        guard !schedule.runs(at: now, in: calendar) else { return nil }
        guard let opens = schedule.nextChange(after: now, in: calendar) else {
            return "the queue schedule holds the queue at every hour of the week: nothing will start"
        }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.calendar = calendar
        formatter.timeZone = calendar.timeZone
        formatter.dateFormat = "EEE yyyy-MM-dd HH:mm"
        return "the queue schedule holds the queue: downloads wait until \(formatter.string(from: opens))"
    }
}
