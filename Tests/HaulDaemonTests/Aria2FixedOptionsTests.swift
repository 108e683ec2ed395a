import Foundation
import HaulCore
import HaulDaemon
import HaulKit
import HaulTestSupport
import XCTest

/// The options aria2 front-ends show: each one Haul honours is reported with its real value, each one whose value is
/// Haul's own is reported and refused when set to another value, and none is silently ignored on a settings page.
final class Aria2FixedOptionsTests: XCTestCase {
    private func configuration() -> HaulConfiguration {
        HaulConfiguration(
            stateDirectory: URL(fileURLWithPath: "/tmp/none"), timeouts: .init(connect: .seconds(7), stall: .seconds(12)),
            retryPolicy: RetryPolicy(maximumRetries: 3), insecure: true, lowestSpeed: nil
        )
    }

    func testTheValuesAreTheOnesTheDownloadsRunWith() {
        let values = Aria2FixedOptions(configuration()).values
        XCTAssertEqual(values["connect-timeout"], "7")
        XCTAssertEqual(values["timeout"], "12")
        XCTAssertEqual(values["max-tries"], "4", "aria2 counts the first try")
        XCTAssertEqual(values["check-certificate"], "false")
        XCTAssertEqual(values["lowest-speed-limit"], "0")
        XCTAssertEqual(values["min-split-size"], String(4 << 20))
        XCTAssertEqual(values["continue"], "true")
        XCTAssertEqual(values["check-integrity"], "true")
        let defaults = Aria2FixedOptions(HaulConfiguration(stateDirectory: URL(fileURLWithPath: "/tmp/none"))).values
        XCTAssertEqual(defaults["check-certificate"], "true")
        XCTAssertEqual(defaults["lowest-speed-limit"], String(LowestSpeed.default.bytesPerSecond))
        XCTAssertEqual(defaults["max-tries"], String(RetryPolicy().maximumRetries + 1))
    }

    func testTheSameValueIsAcceptedAndAnotherRefusedWithAria2sError() throws {
        let fixed = Aria2FixedOptions(configuration())
        XCTAssertNoThrow(try fixed.check(["continue": "true", "check-integrity": .bool(true), "connect-timeout": "7"]))
        XCTAssertNoThrow(try fixed.check(["min-split-size": "4M", "file-allocation": "FALLOC", "remote-time": .null]))
        XCTAssertThrowsError(try fixed.check(["continue": "false"])) { error in
            let message = (error as? Aria2OptionError)?.message ?? ""
            XCTAssertTrue(message.hasPrefix("We encountered a problem while processing the option '--continue'."), message)
            XCTAssertTrue(message.contains("always resumes"), message)
        }
        XCTAssertThrowsError(try fixed.check(["connect-timeout": "60"]))
        XCTAssertThrowsError(try fixed.check(["min-split-size": "20M"]))
    }

    /// Every option of AriaNg's settings page outside BitTorrent and FTP (AriaNg 1.3,
    /// `src/scripts/config/aria2Options.js`, `aria2GlobalAvailableOptions`) is either reported by `getGlobalOption`
    /// or refused by `changeGlobalOption`, never silently ignored.
    func testNoOptionOfAriaNgsSettingsPageIsSilentlyIgnored() throws {
        let ariaNg = [
            "dir", "log", "max-concurrent-downloads", "check-integrity", "continue",
            "all-proxy", "all-proxy-user", "all-proxy-passwd", "connect-timeout", "dry-run", "lowest-speed-limit",
            "max-connection-per-server", "max-file-not-found", "max-tries", "min-split-size", "netrc-path", "no-netrc",
            "no-proxy", "proxy-method", "remote-time", "reuse-uri", "retry-wait", "server-stat-of",
            "server-stat-timeout", "split", "stream-piece-selector", "timeout", "uri-selector",
            "check-certificate", "http-accept-gzip", "http-auth-challenge", "http-no-cache", "http-user",
            "http-passwd", "http-proxy", "http-proxy-user", "http-proxy-passwd", "https-proxy", "https-proxy-user",
            "https-proxy-passwd", "referer", "enable-http-keep-alive", "enable-http-pipelining", "header",
            "save-cookies", "use-head", "user-agent",
            "follow-metalink", "metalink-base-uri", "metalink-language", "metalink-location", "metalink-os",
            "metalink-version", "metalink-preferred-protocol", "metalink-enable-unique-protocol",
            "enable-rpc", "pause-metadata", "rpc-allow-origin-all", "rpc-listen-all", "rpc-listen-port",
            "rpc-max-request-size", "rpc-save-upload-metadata", "rpc-secure",
            "allow-overwrite", "allow-piece-length-change", "always-resume", "async-dns", "auto-file-renaming",
            "auto-save-interval", "conditional-get", "conf-path", "console-log-level", "content-disposition-default-utf8",
            "daemon", "deferred-input", "disable-ipv6", "disk-cache", "download-result", "dscp", "rlimit-nofile",
            "enable-color", "enable-mmap", "event-poll", "file-allocation", "force-save", "save-not-found",
            "hash-check-only", "human-readable", "keep-unfinished-download-result", "max-download-result",
            "max-mmap-limit", "max-resume-failure-tries", "min-tls-version", "log-level", "optimize-concurrent-downloads",
            "piece-length", "show-console-readout", "summary-interval", "max-overall-download-limit",
            "max-download-limit", "no-conf", "no-file-allocation-limit", "parameterized-uri", "quiet",
            "realtime-chunk-checksum", "remove-control-file", "save-session", "save-session-interval",
            "socket-recv-buffer-size", "stop", "truncate-console-readout",
        ]
        var globals = Aria2GlobalOptions(maxConcurrent: 5, maxOverallLimit: 0, maxDownloadLimit: 0, connections: 8, directory: "/d")
        globals.fixed = Aria2FixedOptions(configuration())
        guard case .object(let reported) = globals.dictionary else { return XCTFail("not an object") }
        var ignored: [String] = []
        for name in ariaNg where reported[name] == nil {
            // A value no option of Haul's takes as it is: a change that is not refused would be one ignored.
            if (try? globals.changed(by: [name: "999999"])) != nil { ignored.append(name) }
        }
        XCTAssertEqual(ignored, [], "shown by AriaNg, neither reported nor refused")
        // Reported with a value, changing it to another is refused, unless Haul honours it.
        let honoured: Set = [
            "dir", "max-concurrent-downloads", "max-overall-download-limit", "max-download-limit", "split",
            "max-connection-per-server",
        ]
        for name in ariaNg where reported[name] != nil && !honoured.contains(name) {
            XCTAssertThrowsError(try globals.changed(by: [name: "999999"]), name)
        }
        // BitTorrent's options stay ignored, as before (aria2 front-ends send them in batches with others).
        XCTAssertNoThrow(try globals.changed(by: ["bt-max-peers": "55", "seed-time": "0"]))
    }

    func testAnAddIsNeverRefusedOverAFixedOrUnsupportedOption() throws {
        let parsed = try Aria2Options.parseAdd([
            "max-tries": "5", "remote-time": "true", "continue": "false", "http-no-cache": "true", "min-split-size": "2M",
        ])
        XCTAssertEqual(parsed.minimumSplitSize, 2 << 20, "min-split-size is a download's own")
        XCTAssertEqual(Set(parsed.ignored), ["max-tries", "remote-time", "continue", "http-no-cache"])
        XCTAssertThrowsError(try Aria2Options.parseAdd(["min-split-size": "10K"]), "aria2's range is 1M to 1024M")
    }

    /// Over RPC: `getOption` shows a download's own `min-split-size` and the fixed values of a download (AriaNg's
    /// task page), `changeOption` refuses an unsupported option, and the global options show the daemon's values.
    func testGetOptionAndChangeOptionOverRPC() async throws {
        let fixture = try await DaemonFixture.start { $0.client.timeouts.connect = .seconds(9) }
        let url = fixture.serve("/f", deterministicBytes(count: 1000))
        let gid = try fixture.call("aria2.addUri", [[.string(url)], ["pause": "true", "min-split-size": "2M", "max-tries": "3"]])
        let options = try fixture.call("aria2.getOption", [gid])
        XCTAssertEqual(options["min-split-size"], .string(String(2 << 20)))
        XCTAssertEqual(options["continue"], "true")
        XCTAssertEqual(options["check-integrity"], "true")
        XCTAssertEqual(options["connect-timeout"], "9")
        XCTAssertTrue(try fixture.error("aria2.changeOption", [gid, ["http-user": "me"]]).contains("'--http-user'"))
        XCTAssertTrue(try fixture.error("aria2.changeOption", [gid, ["continue": "false"]]).contains("'--continue'"))
        XCTAssertEqual(try fixture.call("aria2.changeOption", [gid, ["continue": "true", "max-download-limit": "0"]]), "OK")
        XCTAssertEqual(try fixture.call("aria2.getGlobalOption")["connect-timeout"], "9")
        XCTAssertTrue(try fixture.error("aria2.changeGlobalOption", [["http-proxy": "http://p:3128"]]).contains("'--http-proxy'"))
        XCTAssertEqual(try fixture.call("aria2.changeGlobalOption", [["bt-max-peers": "55"]]), "OK")
        await fixture.stop()
    }
}
