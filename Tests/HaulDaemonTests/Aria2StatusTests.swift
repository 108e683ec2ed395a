import Foundation
import HaulCore
import HaulDaemon
import HaulKit
import XCTest

final class Aria2StatusTests: XCTestCase {
    func testEveryHaulStateHasItsAria2StatusAndList() {
        let expected: [DownloadState: (Aria2Status, Aria2List)] = [
            .queued: (.waiting, .waiting), .downloading: (.active, .active), .paused: (.paused, .waiting),
            .failed: (.error, .stopped), .completed: (.complete, .stopped), .cancelled: (.removed, .stopped),
        ]
        for state in DownloadState.allCases {
            let status = Aria2Status(state)
            XCTAssertEqual(status, expected[state]?.0, "\(state)")
            XCTAssertEqual(status.list, expected[state]?.1, "\(state)")
        }
    }

    private func running() -> Aria2Download {
        Aria2Download(
            id: 0x2a, status: .active, url: "http://example.org/a.iso", path: "/data/a.iso", totalBytes: 3_000_000,
            bytesDone: 1_000_000, speed: 12_345.6, connections: 4, requestedConnections: 8,
            checksum: "sha256=" + String(repeating: "a", count: 64), rateLimit: 500_000, headers: ["X-A: 1"]
        )
    }

    func testTheStatusDictionaryHasAria2sKeysWithStringValues() throws {
        let status = Aria2StatusDictionary.status(running())
        let fields = try XCTUnwrap(status.objectValue)
        XCTAssertEqual(fields["gid"], "000000000000002a")
        XCTAssertEqual(fields["status"], "active")
        XCTAssertEqual(fields["totalLength"], "3000000")
        XCTAssertEqual(fields["completedLength"], "1000000")
        XCTAssertEqual(fields["downloadSpeed"], "12345")
        XCTAssertEqual(fields["uploadLength"], "0")
        XCTAssertEqual(fields["uploadSpeed"], "0")
        XCTAssertEqual(fields["connections"], "4")
        XCTAssertEqual(fields["numPieces"], "3")
        XCTAssertEqual(fields["pieceLength"], "1048576")
        XCTAssertEqual(fields["dir"], "/data")
        XCTAssertNil(fields["errorCode"], "only stopped downloads have an error code")
        XCTAssertEqual(fields["haulChecksumVerdict"], "pending")
        let file = try XCTUnwrap(fields["files"]?.arrayValue?.first?.objectValue)
        XCTAssertEqual(file["index"], "1")
        XCTAssertEqual(file["path"], "/data/a.iso")
        XCTAssertEqual(file["length"], "3000000")
        XCTAssertEqual(file["selected"], "true")
        XCTAssertEqual(file["uris"], [["uri": "http://example.org/a.iso", "status": "used"]])
        for (key, value) in fields where key != "files" {
            XCTAssertNotNil(value.stringValue, "\(key) must be a string, as aria2 sends it")
        }
    }

    /// Issue 56: Haul's own keys for the bytes a run received and kept, once they are known.
    func testTheBytesReceivedAndKeptAreHaulPrefixedKeys() throws {
        var download = running()
        XCTAssertNil(Aria2StatusDictionary.status(download).objectValue?["haulBytesReceived"], "not heard yet: no key")
        download.bytesReceived = 1_010_000
        download.bytesKept = 1_000_000
        let fields = try XCTUnwrap(Aria2StatusDictionary.status(download).objectValue)
        XCTAssertEqual(fields["haulBytesReceived"], "1010000")
        XCTAssertEqual(fields["haulBytesKept"], "1000000")
    }

    func testTheKeysFilterKeepsOnlyTheKeysAskedFor() {
        let status = Aria2StatusDictionary.status(running(), keys: ["gid", "status", "nonsense"])
        XCTAssertEqual(status, ["gid": "000000000000002a", "status": "active"])
        XCTAssertEqual(Aria2StatusDictionary.status(running(), keys: []).objectValue?.count,
                       Aria2StatusDictionary.status(running()).objectValue?.count, "empty keys means all")
    }

    func testAStoppedDownloadShowsNoSpeedAndAFailedOneItsErrorCodeAndMessage() throws {
        var download = running()
        download.status = .error
        download.errorCode = Aria2ErrorCode.checksumMismatch
        download.errorMessage = "checksum mismatch"
        let fields = try XCTUnwrap(Aria2StatusDictionary.status(download).objectValue)
        XCTAssertEqual(fields["downloadSpeed"], "0")
        XCTAssertEqual(fields["connections"], "0")
        XCTAssertEqual(fields["errorCode"], "32")
        XCTAssertEqual(fields["errorMessage"], "checksum mismatch")
        XCTAssertEqual(fields["haulChecksumVerdict"], "mismatch")
    }

    func testACompletedDownloadIsWholeAndItsChecksumVerified() throws {
        var download = running()
        download.status = .complete
        download.bytesDone = 0
        let fields = try XCTUnwrap(Aria2StatusDictionary.status(download).objectValue)
        XCTAssertEqual(fields["completedLength"], "3000000")
        XCTAssertEqual(fields["errorCode"], "0")
        XCTAssertEqual(fields["haulChecksumVerdict"], "verified")
    }

    func testServersListTheURLOnlyWhileActive() {
        var download = running()
        XCTAssertEqual(
            Aria2StatusDictionary.servers(download),
            [["index": "1", "servers": [["uri": "http://example.org/a.iso", "currentUri": "http://example.org/a.iso", "downloadSpeed": "12345"]]]]
        )
        download.status = .paused
        XCTAssertEqual(Aria2StatusDictionary.servers(download), [])
    }

    func testGetOptionShowsTheDownloadsOwnSettingsAsStrings() {
        let fixed = Aria2FixedOptions(HaulConfiguration(stateDirectory: URL(fileURLWithPath: "/tmp/none")))
        var expected: [String: JSONValue] = [
            "dir": "/data", "out": "a.iso", "split": "8", "max-connection-per-server": "8",
            "max-download-limit": "500000", "allow-overwrite": "false", "stream-piece-selector": "default",
            "checksum": .string("sha256=" + String(repeating: "a", count: 64)), "header": ["X-A: 1"],
        ]
        expected.merge(fixed.perDownload.mapValues { .string($0) }) { own, _ in own }
        XCTAssertEqual(Aria2GlobalOptions.options(of: running(), fixed: fixed), .object(expected))
    }

    func testHaulErrorsMapToAria2ErrorCodes() {
        XCTAssertEqual(Aria2ErrorCode.code(for: .network), 6)
        XCTAssertEqual(Aria2ErrorCode.code(for: .http, httpStatus: 404), 3)
        XCTAssertEqual(Aria2ErrorCode.code(for: .http, httpStatus: 403), 24)
        XCTAssertEqual(Aria2ErrorCode.code(for: .http, httpStatus: 500), 22)
        XCTAssertEqual(Aria2ErrorCode.code(for: .fileExists), 13)
        XCTAssertEqual(Aria2ErrorCode.code(for: .checksumMismatch), 32)
        XCTAssertEqual(Aria2ErrorCode.code(for: .io), 17)
    }
}
