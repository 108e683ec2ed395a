import Foundation
import HaulTestSupport
import XCTest

/// What the queue command tests share: `haul list --json` as rows, and a download running in another process.
enum QueueScene {
    /// `haul list --json` for the state directory `state`, as rows.
    static func list(_ state: String, in dir: URL) throws -> [[String: Any]] {
        let result = try HaulProcess.run(["list", "--json", "--state-dir", state], in: dir)
        XCTAssertEqual(result.status, 0, result.stderr)
        return (try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]]) ?? []
    }

    /// Starts a throttled download in the background and waits until `haul list` shows it moving (downloading,
    /// with bytes on disk); returns it and its id.
    static func startRunning(_ url: String, state: String, in dir: URL) throws -> (HaulProcess, Int) {
        let running = try HaulProcess([url, "-x", "1", "--state-dir", state, "--progress", "lines"], in: dir)
        var id = -1
        XCTAssertTrue(waitUntil(timeout: 20) {
            guard let row = try? list(state, in: dir).first, row["state"] as? String == "downloading",
                (row["bytes"] as? Int ?? 0) > 0 else { return false }
            id = row["id"] as? Int ?? -1
            return true
        }, "the download never showed as running in haul list")
        return (running, id)
    }
}
