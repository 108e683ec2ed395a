import Foundation
import GRDB

extension DownloadStore {
    /// The time the busy retry runs on: a reading in seconds and a pause that blocks the calling thread (the store
    /// is synchronous). The system's by default; a test passes one that moves only when it pauses.
    struct BusyClock: Sendable {
        let now: @Sendable () -> Double
        let pause: @Sendable (Double) -> Void

        static let system = BusyClock(
            now: { Date().timeIntervalSince1970 }, pause: { Thread.sleep(forTimeInterval: $0) })
    }

    /// How long a busy or locked database is retried, in seconds.
    static let busyRetrySeconds = 15.0

    /// Runs `body` again while SQLite says the database is busy or locked, for up to 15 seconds
    /// (`busyRetrySeconds`), pausing 5 ms, then twice as long each time up to 100 ms.
    ///
    /// The busy timeout covers ordinary lock waits, but SQLite returns `SQLITE_BUSY` without waiting in a few
    /// cases that several `haul` processes on one state directory do meet: opening a database whose WAL file the
    /// last connection just removed (`PRAGMA journal_mode = WAL` then writes to recreate it), and WAL
    /// recovery. Such an error is about timing, not about the data, so it is retried with a growing pause.
    static func retryingWhileBusy<T>(on clock: BusyClock = .system, _ body: () throws -> T) throws -> T {
        let deadline = clock.now() + busyRetrySeconds
        var pause = 0.005
        while true {
            do {
                return try body()
            } catch let error as DatabaseError
                where (error.resultCode == .SQLITE_BUSY || error.resultCode == .SQLITE_LOCKED) && clock.now() < deadline
            {
                clock.pause(pause)
                pause = min(pause * 2, 0.1)
            }
        }
    }
}
