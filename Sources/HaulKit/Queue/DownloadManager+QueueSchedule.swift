import Foundation
import HaulCore

extension DownloadManager {
    /// Runs the queue only inside `schedule`'s windows (`nil`: always, the default).
    ///
    /// Outside a window no queued download starts, and downloads running when a window closes go back to waiting
    /// (`queued`, their bytes kept; a paused download stays paused, which is the user's word, not the schedule's);
    /// when a window opens the queue starts what its limits allow. A download resumed or added while the queue is
    /// held waits for the window like the others. Those decisions are `QueueMachine`'s (`setQueueOpen`); which
    /// window holds when (across midnight, week ends and clock changes) is `QueueSchedule`'s, both pure and tested
    /// on their own. This is only the loop that tells the machine: at every change the schedule names, and at
    /// least once a minute, since the wall clock may jump (a suspended laptop, NTP, a time zone change).
    ///
    /// Time is the client's (`HaulConfiguration.clock`): the system's, or the one a test moves. Times are read in
    /// `calendar`'s time zone (`nil`: the user's, `Calendar.current`, read only when there is a schedule: reading it
    /// loads the time zone database, which a run without a schedule never needs).
    public func setQueueSchedule(_ schedule: QueueSchedule?, calendar: Calendar? = nil) async {
        queueScheduleTask?.cancel()
        queueScheduleTask = nil
        let clock = client.configuration.clock
        guard let schedule else {
            await report(.setQueueOpen(true))
            return
        }
        let calendar = calendar ?? .current
        queueScheduleTask = Self.following(clock: clock, nextChange: { schedule.nextChange(after: $0, in: calendar) }) {
            [weak self] now in
            guard let self else { return false }
            await self.followQueueSchedule(schedule, at: now, calendar: calendar)
            return true
        }
        // The machine hears this before any await: a second call made meanwhile is heard after it.
        await report(.setQueueOpen(schedule.runs(at: clock.date(), in: calendar)))
    }

    /// Tells the machine whether `schedule` lets the queue run now, unless the loop asking was replaced meanwhile.
    private func followQueueSchedule(_ schedule: QueueSchedule, at now: Date, calendar: Calendar) async {
        guard !Task.isCancelled, !isShutDown else { return }
        await report(.setQueueOpen(schedule.runs(at: now, in: calendar)))
    }

    /// Whether the queue schedule lets the queue run now (always without one).
    public var isQueueOpen: Bool { machine.isOpen }
}
