import Foundation
import HaulDaemon
import HaulKit
import HaulTestSupport
import XCTest

/// The daemon and the command line on one state directory, as people use them together: what `haul resume`,
/// `haul remove` and a plain `haul URL` do beside it is what the daemon shows over RPC, within about a second.
///
/// Before: `haul resume ID` ran the paused download in its own process while the daemon still showed it paused at
/// its old byte count; unpaused later, the daemon downloaded it again and failed on the finished file's name
/// (aria2 error 13), leaving a stray `.part`. A completed download removed with `haul remove` stayed listed.
final class DaemonBesideCommandsTests: XCTestCase {
    private struct Daemon {
        let process: DaemonProcess
        let port: Int
        let secret: String

        /// Starts `haul daemon` on a free port with `state` and `downloads`; the caller kills its process.
        static func start(state: String, downloads: String) throws -> Daemon {
            let process = try DaemonProcess(["daemon", "--rpc-listen-port", "0", "--state-dir", state, "-d", downloads])
            let port: Int
            do { port = try XCTUnwrap(process.waitForPort(), process.output) } catch {
                process.kill()
                throw error
            }
            let secret = try String(contentsOfFile: state + "/rpc-secret", encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
            return Daemon(process: process, port: port, secret: secret)
        }

        func call(_ method: String, _ params: [JSONValue]) throws -> JSONValue? {
            let request: JSONValue = [
                "jsonrpc": "2.0", "id": 1, "method": .string(method), "params": .array([.string("token:" + secret)] + params),
            ]
            return try RawClient.request(port: port, body: request.data).json
        }

        func status(_ gid: String) throws -> JSONValue? {
            try call("aria2.tellStatus", [.string(gid), ["status", "errorCode", "completedLength"]])?["result"]
        }

        /// Waits until `gid`'s status is `wanted` (`nil`: until the daemon no longer knows it).
        func wait(_ gid: String, for wanted: JSONValue?) async throws -> Bool {
            try await eventually {
                let answer = try call("aria2.tellStatus", [.string(gid), ["status"]])
                if let wanted { return answer?["result"]?["status"] == wanted }
                return answer?["error"] != nil
            }
        }
    }

    private func haul(_ arguments: [String]) throws -> String {
        let command = try DaemonProcess(arguments)
        XCTAssertEqual(command.waitForExit(60), 0, command.output)
        return command.output
    }

    func testResumeRemoveAndAPlainDownloadBesideTheDaemonAreWhatTheDaemonShows() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let server = try await TestServer.start()
        let slow = deterministicBytes(count: 600_000, seed: 81)
        let other = deterministicBytes(count: 300_000, seed: 82)
        server.serve("/slow.bin", FileResource(content: slow), bytesPerSecond: 200_000)
        server.serve("/other.bin", FileResource(content: other))
        let state = directory.file("state").path
        let downloads = directory.file("downloads").path
        let daemon = try Daemon.start(state: state, downloads: downloads)
        let process = daemon.process
        defer { process.kill() }

        // Paused from the command line, resumed from the command line: the daemon runs it to the end.
        let slowGID = try XCTUnwrap(daemon.call("aria2.addUri", [[.string(server.url("/slow.bin"))], ["split": "1"]])?["result"]?.stringValue)
        let id = try XCTUnwrap(GID(parsing: slowGID)?.id)
        let active = try await daemon.wait(slowGID, for: "active")
        XCTAssertTrue(active, process.output)
        _ = try haul(["pause", String(id), "--state-dir", state])
        let paused = try await daemon.wait(slowGID, for: "paused")
        XCTAssertTrue(paused, process.output)
        let resume = try haul(["resume", String(id), "--state-dir", state])
        XCTAssertTrue(resume.contains("runs them"), resume)
        let completed = try await daemon.wait(slowGID, for: "complete")
        let slowStatus = try daemon.status(slowGID)
        XCTAssertTrue(completed, "\(slowStatus.map { "\($0)" } ?? "none") " + process.output)
        XCTAssertEqual(FileManager.default.contents(atPath: downloads + "/slow.bin").map { [UInt8]($0) }, slow)
        XCTAssertFalse(FileManager.default.fileExists(atPath: downloads + "/slow.bin.part"))

        // Removed from the command line once complete: the daemon forgets it too.
        _ = try haul(["remove", String(id), "--state-dir", state])
        let forgotten = try await daemon.wait(slowGID, for: nil)
        let removedStatus = try daemon.status(slowGID)
        XCTAssertTrue(forgotten, "\(removedStatus.map { "\($0)" } ?? "none")")

        // Added paused, then fetched by a plain `haul URL` on the same state directory (the same URL to the same
        // name is the same download, taken up there): the daemon shows it complete, and does not fetch it again.
        let added = try haul(["add", server.url("/other.bin"), "--state-dir", state, "--paused"])
        let line = added.split(separator: "\n").first { $0.hasPrefix("added paused ") }
        let otherID = try XCTUnwrap(line?.split(separator: " ").dropFirst(2).first.flatMap { Int64($0) }, added)
        let otherGID = GID(otherID).description
        let waiting = try await daemon.wait(otherGID, for: "paused")
        XCTAssertTrue(waiting, added)
        _ = try haul(["-q", "--state-dir", state, "-d", downloads, server.url("/other.bin")])
        let done = try await daemon.wait(otherGID, for: "complete")
        let otherStatus = try daemon.status(otherGID)
        XCTAssertTrue(done, "\(otherStatus.map { "\($0)" } ?? "none") " + process.output)
        XCTAssertEqual(FileManager.default.contents(atPath: downloads + "/other.bin").map { [UInt8]($0) }, other)
        let stayedComplete = try await stays(for: .milliseconds(1500), every: .milliseconds(50)) {
            try daemon.status(otherGID)?["status"] == "complete"
        }
        XCTAssertTrue(stayedComplete, "still complete, never run again")
        XCTAssertNil(try daemon.status(otherGID)?["errorCode"]?.stringValue.flatMap { $0 == "0" ? nil : $0 })
        XCTAssertFalse(FileManager.default.fileExists(atPath: downloads + "/other.bin.part"))

        XCTAssertEqual(process.terminate(within: 10), 0, process.output)
        try await server.shutdown()
    }

    /// A download that failed in a plain `haul URL` beside the daemon shows aria2's `errorCode` for what failed
    /// (3, not found), not 1: the kind of failure is read from the state database, not only heard in the daemon.
    func testAFailureInAPlainRunBesideTheDaemonHasItsErrorCode() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let server = try await TestServer.start()
        let state = directory.file("state").path
        let downloads = directory.file("downloads").path
        let daemon = try Daemon.start(state: state, downloads: downloads)
        let process = daemon.process
        defer { process.kill() }

        let run = try DaemonProcess(["-q", "--retries", "0", "--state-dir", state, "-d", downloads, server.url("/missing.bin")])
        XCTAssertNotEqual(run.waitForExit(60), 0, run.output)
        var stopped: [JSONValue] = []
        try await eventually {
            stopped = try daemon.call("aria2.tellStopped", [0, 10, ["gid", "status", "errorCode"]])?["result"]?.arrayValue ?? []
            return !stopped.isEmpty
        }
        XCTAssertEqual(stopped.count, 1, process.output)
        XCTAssertEqual(stopped.first?["status"], "error")
        XCTAssertEqual(stopped.first?["errorCode"], "3", "the 404's kind, as the daemon would have told it itself")

        XCTAssertEqual(process.terminate(within: 10), 0, process.output)
        try await server.shutdown()
    }
}
