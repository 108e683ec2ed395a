import Foundation
import XCTest

/// `kill -9` of `haul ARGUMENTS` at random moments, up to `rounds` times: each round waits for fresh durable bytes
/// (or the finished file), then a random extra moment, then kills without warning.
///
/// - Returns: the durable bytes the last kill left (0 when none did), for the next run to resume from.
func killNineRounds(_ rounds: Int, arguments: [String], in dir: URL, state: URL, part: URL, done: String) throws -> Int64 {
    var previous: Int64 = 0
    for round in 0..<rounds {
        if FileManager.default.fileExists(atPath: done) { break }
        let running = try HaulProcess(arguments, in: dir)
        XCTAssertTrue(
            waitUntil {
                (durableBytes(stateDirectory: state, partPath: part.path) ?? 0) > previous
                    || FileManager.default.fileExists(atPath: done)
            },
            "round \(round) made progress"
        )
        usleep(UInt32.random(in: 50_000...400_000))
        running.signal(SIGKILL)
        _ = running.finish()
        previous = durableBytes(stateDirectory: state, partPath: part.path) ?? previous
    }
    return previous
}
