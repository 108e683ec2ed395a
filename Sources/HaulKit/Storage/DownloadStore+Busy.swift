import Foundation
import GRDB

extension DownloadStore {
    /// Runs `body` again while SQLite says the database is busy or locked, for up to 15 seconds.
    ///
    /// The busy timeout covers ordinary lock waits, but SQLite returns `SQLITE_BUSY` without waiting in a few
    /// cases that several `haul` processes on one state directory do meet: opening a database whose WAL file the
    /// last connection just removed (`PRAGMA journal_mode = WAL` then writes to recreate it), and WAL
    /// recovery. Such an error is about timing, not about the data, so it is retried with a growing pause.
    static func retryingWhileBusy<T>(_ body: () throws -> T) throws -> T {
        let deadline = Date().addingTimeInterval(15)
        var pause = 0.005
        while true {
            do {
                return try body()
            } catch let error as DatabaseError
                where (error.resultCode == .SQLITE_BUSY || error.resultCode == .SQLITE_LOCKED) && Date() < deadline
            {
                Thread.sleep(forTimeInterval: pause)
                pause = min(pause * 2, 0.1)
            }
        }
    }
}
