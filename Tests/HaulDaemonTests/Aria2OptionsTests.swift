import Foundation
import HaulDaemon
import HaulKit
import XCTest

final class Aria2OptionsTests: XCTestCase {
    private let sha = String(repeating: "ab", count: 32)

    func testAddOptionsAreReadFromAria2sStringValues() throws {
        let options = try Aria2Options.parseAdd([
            "dir": "/data/iso", "out": "x.iso", "split": "16", "max-connection-per-server": "4",
            "checksum": .string("sha-256=" + sha.uppercased()), "header": ["A: 1", "B: 2"],
            "max-download-limit": "2M", "pause": "true", "bt-max-peers": "55",
        ])
        XCTAssertEqual(options.directory, "/data/iso")
        XCTAssertEqual(options.out, "x.iso")
        XCTAssertEqual(options.connections, 4, "the smaller of split and max-connection-per-server")
        XCTAssertEqual(options.checksum, "sha256=" + sha)
        XCTAssertEqual(options.headers, ["A: 1", "B: 2"])
        XCTAssertEqual(options.rateLimit, 2 << 20)
        XCTAssertTrue(options.paused)
    }

    /// aria2's `stream-piece-selector=inorder` is Haul's `--in-order`; its other values keep the usual plan, and
    /// `getOption` says which a download has.
    func testStreamPieceSelectorInorderIsInOrder() throws {
        XCTAssertTrue(try Aria2Options.parseAdd(["stream-piece-selector": "inorder"]).inOrder)
        XCTAssertFalse(try Aria2Options.parseAdd(["stream-piece-selector": "geom"]).inOrder)
        XCTAssertFalse(try Aria2Options.parseAdd([:]).inOrder)
        XCTAssertThrowsError(try Aria2Options.parseAdd(["stream-piece-selector": "backwards"])) {
            XCTAssertTrue("\($0)".contains("stream-piece-selector must be"), "\($0)")
        }
        var download = Aria2Download(id: 1, status: .active, url: "http://h/v.mp4", path: "/d/v.mp4", totalBytes: nil, bytesDone: 0)
        XCTAssertEqual(Aria2GlobalOptions.options(of: download, fixed: Aria2FixedOptions(HaulConfiguration(stateDirectory: URL(fileURLWithPath: "/tmp/none"))))["stream-piece-selector"], "default")
        download.inOrder = true
        XCTAssertEqual(Aria2GlobalOptions.options(of: download, fixed: Aria2FixedOptions(HaulConfiguration(stateDirectory: URL(fileURLWithPath: "/tmp/none"))))["stream-piece-selector"], "inorder")
    }

    func testASingleHeaderStringAndNoOptionsAreAccepted() throws {
        XCTAssertEqual(try Aria2Options.parseAdd(["header": "Cookie: a=b"]).headers, ["Cookie: a=b"])
        XCTAssertEqual(try Aria2Options.parseAdd([:]), Aria2AddOptions())
        XCTAssertEqual(try Aria2Options.parseAdd(["split": "3"]).connections, 3)
    }

    func testOutMustBeABareName() {
        for bad in ["../x", "/etc/passwd", "a/b", "..", "."] {
            XCTAssertThrowsError(try Aria2Options.parseAdd(["out": .string(bad)]), bad) { error in
                XCTAssertTrue((error as? Aria2OptionError)?.message.contains("bare file name") == true)
            }
        }
    }

    func testAria2sLeniencyNullsEmptiesUnknownsAndOtherTypesAreIgnoredNotRefused() throws {
        let options = try Aria2Options.parseAdd([
            "dir": "", "out": .null, "split": .double(8.5), "checksum": ["x"], "max-download-limit": ["a": "b"],
            "bt-max-peers": "55", "seed-ratio": 1, "header": .null,
        ])
        XCTAssertNil(options.directory, "empty dir: the default")
        XCTAssertNil(options.out, "null out: the name from the URL")
        XCTAssertNil(options.connections)
        XCTAssertNil(options.checksum)
        XCTAssertEqual(options.ignored, ["bt-max-peers", "checksum", "header", "max-download-limit", "out", "seed-ratio", "split"])
        XCTAssertNil(try Aria2Options.parseAdd(["dir": .null, "out": ""]).directory)
        XCTAssertEqual(try Aria2Options.parseAdd(["split": 4]).connections, 4, "a number where aria2 sends a string")
    }

    func testHeaderRefererUserAgentAndChecksumFileAreRead() throws {
        let options = try Aria2Options.parseAdd([
            "header": ["Cookie: ", "Referer: ", "Authorization: Bearer t", "User-Agent: old"],
            "referer": "https://site.example/page", "user-agent": "Mozilla/5.0 X", "all-proxy": "http://proxy:3128",
            "checksum-file": "https://site.example/SHA256SUMS",
        ])
        XCTAssertEqual(options.headers, ["Authorization: Bearer t", "User-Agent: Mozilla/5.0 X"], "empty values dropped; user-agent replaces")
        XCTAssertEqual(options.referer, "https://site.example/page")
        XCTAssertEqual(options.proxy, "http://proxy:3128")
        XCTAssertEqual(options.checksumFile?.absoluteString, "https://site.example/SHA256SUMS")
        for path in ["/etc/SHA256SUMS", "SHA256SUMS", "file:///etc/SHA256SUMS"] {
            XCTAssertThrowsError(try Aria2Options.parseAdd(["checksum-file": .string(path)]), path) {
                XCTAssertTrue("\($0)".contains("not a path"), "\($0)")
            }
        }
        XCTAssertThrowsError(try Aria2Options.parseAdd(["referer": "a\r\nX-Evil: 1"]))
    }

    func testGetOptionsAnswerFedBackIntoAddUriAddsNoHiddenCookieAndNoRefusal() throws {
        let options = try Aria2Options.parseAdd(["header": ["Cookie: (hidden)", "A: 1"], "allow-overwrite": "false"])
        XCTAssertEqual(options.headers, ["A: 1"], "webui-aria2's restart: the hidden cookie is not sent as a cookie")
        XCTAssertEqual(options.conflictPolicy, .rename, "allow-overwrite=false leaves aria2's auto-file-renaming on")
    }

    /// aria2's two options about a taken name mean what they mean there: rename by default, refuse with
    /// `auto-file-renaming=false`, replace a file with `allow-overwrite=true` (which aria2 looks at first).
    func testConflictOptionsAreAria2s() throws {
        XCTAssertEqual(try Aria2Options.parseAdd([:]).conflictPolicy, .rename)
        XCTAssertEqual(try Aria2Options.parseAdd(["auto-file-renaming": "false"]).conflictPolicy, .fail)
        XCTAssertEqual(try Aria2Options.parseAdd(["auto-file-renaming": "true"]).conflictPolicy, .rename)
        XCTAssertEqual(try Aria2Options.parseAdd(["allow-overwrite": "true"]).conflictPolicy, .overwrite)
        XCTAssertEqual(
            try Aria2Options.parseAdd(["allow-overwrite": "true", "auto-file-renaming": "false"]).conflictPolicy, .overwrite)
        XCTAssertThrowsError(try Aria2Options.parseAdd(["auto-file-renaming": "maybe"]))
    }

    func testSecretHeadersAreShownWithoutTheirValues() {
        XCTAssertEqual(Aria2Options.shown("Cookie: session=s3cr3t"), "Cookie: (hidden)")
        XCTAssertEqual(Aria2Options.shown("authorization: Basic Zm9v"), "authorization: (hidden)")
        XCTAssertEqual(Aria2Options.shown("Proxy-Authorization: x"), "Proxy-Authorization: (hidden)")
        XCTAssertEqual(Aria2Options.shown("Accept: */*"), "Accept: */*")
    }

    func testPathAndHookOptionsAreRefusedOverRPC() {
        for name in ["log", "save-session", "on-download-complete", "input-file", "rpc-secret"] {
            XCTAssertThrowsError(try Aria2Options.parseAdd([name: "/tmp/x"]), name) { error in
                XCTAssertTrue((error as? Aria2OptionError)?.message.contains("cannot be set over RPC") == true)
            }
        }
    }

    func testBadValuesSayWhichOptionAndWhy() {
        XCTAssertThrowsError(try Aria2Options.parseAdd(["split": "0"])) {
            XCTAssertEqual("\($0)", "split must be auto or a count between 1 and 32, not 0", "the words of haul -x 0")
        }
        XCTAssertThrowsError(try Aria2Options.parseAdd(["checksum": "crc32=abcd"])) { XCTAssertTrue("\($0)".contains("not supported")) }
        XCTAssertThrowsError(try Aria2Options.parseAdd(["checksum": "sha-1=abc"])) { XCTAssertTrue("\($0)".contains("40 hex digits")) }
        XCTAssertThrowsError(try Aria2Options.parseAdd(["max-download-limit": "fast"]))
        XCTAssertThrowsError(try Aria2Options.parseAdd(["pause": "yes"]))
        XCTAssertThrowsError(try Aria2Options.parseAdd(["header": "no colon"]))
        XCTAssertThrowsError(try Aria2Options.parseAdd(["header": "A: 1\r\nB: 2"]))
    }

    func testGlobalOptionsChangeTheQueueAndRateLimits() throws {
        let globals = Aria2GlobalOptions(maxConcurrent: 5, maxOverallLimit: 0, maxDownloadLimit: 0, connections: 8, directory: "/data")
        let changed = try globals.changed(by: [
            "max-concurrent-downloads": "1", "max-overall-download-limit": "10M", "max-download-limit": "1K",
            "bt-max-open-files": "10",
        ])
        XCTAssertEqual(changed.maxConcurrent, 1)
        XCTAssertEqual(changed.maxOverallLimit, 10 << 20)
        XCTAssertEqual(changed.maxDownloadLimit, 1024)
        XCTAssertEqual(changed.dictionary["max-concurrent-downloads"], "1")
        XCTAssertEqual(changed.dictionary["max-overall-download-limit"], "10485760")
        XCTAssertThrowsError(try globals.changed(by: ["dir": "/elsewhere"]))
        XCTAssertNoThrow(try globals.changed(by: ["dir": "/data"]))
        XCTAssertThrowsError(try globals.changed(by: ["log": "/tmp/log"]))
        XCTAssertThrowsError(try globals.changed(by: ["out": "x"]))
        XCTAssertThrowsError(try globals.changed(by: ["max-concurrent-downloads": "0"]))
    }

    func testChangePositionCountsFromTheStartTheCurrentPlaceOrTheEndAndClamps() {
        XCTAssertEqual(Aria2Queue.newPosition(current: 3, count: 5, pos: 0, how: .set), 0)
        XCTAssertEqual(Aria2Queue.newPosition(current: 3, count: 5, pos: -1, how: .current), 2)
        XCTAssertEqual(Aria2Queue.newPosition(current: 3, count: 5, pos: 0, how: .end), 4)
        XCTAssertEqual(Aria2Queue.newPosition(current: 3, count: 5, pos: -2, how: .end), 2)
        XCTAssertEqual(Aria2Queue.newPosition(current: 1, count: 5, pos: 99, how: .set), 4)
        XCTAssertEqual(Aria2Queue.newPosition(current: 1, count: 5, pos: -9, how: .current), 0)
        XCTAssertEqual(Aria2Queue.moving(3, to: 0, in: [1, 2, 3, 4]), [3, 1, 2, 4])
        XCTAssertEqual(Aria2Queue.moving(1, to: 2, in: [1, 2, 3, 4]), [2, 3, 1, 4])
    }

    func testTheWaitingWindowFollowsAria2sOffsetsIncludingNegativeOnes() {
        let items = ["A", "B", "C"]
        XCTAssertEqual(Aria2Queue.window(items, offset: 0, num: 1), ["A"])
        XCTAssertEqual(Aria2Queue.window(items, offset: 1, num: 2), ["B", "C"])
        XCTAssertEqual(Aria2Queue.window(items, offset: -1, num: 2), ["C", "B"])
        XCTAssertEqual(Aria2Queue.window(items, offset: 0, num: 1000), items)
        XCTAssertEqual(Aria2Queue.window(items, offset: 5, num: 1), [])
        XCTAssertEqual(Aria2Queue.window(items, offset: -4, num: 1), [])
        XCTAssertEqual(Aria2Queue.window(items, offset: 0, num: 0), [])
    }

    /// `haul daemon` chooses each new download's count (`-x auto`) until a front-end sets `split` or
    /// `max-connection-per-server`: then that count, as aria2 would.
    func testSplitOverRPCEndsAChosenCount() throws {
        var globals = Aria2GlobalOptions(maxConcurrent: 5, maxOverallLimit: 0, maxDownloadLimit: 0, connections: 16, directory: "/d")
        globals.autoConnections = true
        XCTAssertTrue(try globals.changed(by: ["max-concurrent-downloads": "3"]).autoConnections)
        for name in ["split", "max-connection-per-server"] {
            let changed = try globals.changed(by: [name: "4"])
            XCTAssertFalse(changed.autoConnections, name)
            XCTAssertEqual(changed.connections, 4)
            XCTAssertEqual(changed.dictionary["haul-connections"], "4")
        }
    }

    /// Issue 60: the web page shows the daemon's one default as it is: `auto` while Haul chooses (with `split`
    /// the ceiling, as aria2 front-ends expect a number there), a count once one is set.
    func testGetGlobalOptionSaysWhetherHaulChoosesTheConnections() {
        var globals = Aria2GlobalOptions(maxConcurrent: 5, maxOverallLimit: 0, maxDownloadLimit: 0, connections: 16, directory: "/d")
        globals.autoConnections = true
        XCTAssertEqual(globals.dictionary["haul-connections"], "auto")
        XCTAssertEqual(globals.dictionary["split"], "16")
        globals.autoConnections = false
        globals.connections = 8
        XCTAssertEqual(globals.dictionary["haul-connections"], "8")
    }
}
