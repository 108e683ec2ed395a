import Foundation
import XCTest

/// The daemon's web page in a real headless Chromium (Tests/Browser/web_ui_test.py, Selenium + chromedriver):
/// the secret from the link, the security headers, a throttled download that moves, pause (bytes stop), resume,
/// completion with the file checked, a hostile file name shown as text, a wrong secret, the daemon restarted
/// under the page (greyed, every action disabled, no speed; back by itself), several states at once, and "Remove and
/// delete file" (asked first; a completed download's file and a paused one's partial file deleted). Issue 36's
/// defects: rows keep their order when one is paused (a second click hits the same row) and after a reload, a
/// message does not push the list down, Cancel asks and the cancelled row claims no bytes, Retry of a failed
/// download, no "connected" or "No downloads" before the secret is accepted, columns that line up and do not wrap,
/// units that change at 1000, /favicon.ico, and the phone layout.
///
/// Selenium comes from the virtual environment `.ci/run` creates (`.build-venv/`, named by `HAUL_TEST_PYTHON`),
/// Chromium and chromedriver from Debian's packages. Without them the test is skipped locally and fails on CI
/// (`CI=true`), where a skip would hide a gap.
final class BrowserTests: XCTestCase {
    func testTheWebPageInHeadlessChromium() throws {
        try runInChromium("web_ui_test.py", ["--screenshot", "WORK/web-ui.png"])
    }

    /// What users of AriaNg, Motrix and Gopeed rely on (Tests/Browser/web_features_test.py): dark mode and WCAG AA
    /// contrast in both themes, English and Chinese (no English left in zh-CN), find and sort without rows moving
    /// under the pointer, the keyboard and screen-reader names, Add with options (checked over RPC and at the
    /// server), several URLs, a Metalink file and drops, the speed charts, Settings kept across a restart, and
    /// notifications.
    func testWhatDownloadManagerUsersRelyOnInHeadlessChromium() throws {
        try runInChromium("web_features_test.py", ["--screenshots", "WORK"])
    }

    /// Issue 60's points 10-13 (Tests/Browser/web_first_hour_test.py): no call without the secret and no list
    /// replaced by a stale or refused answer; the sign-in link pasted into an open tab signs in and leaves the
    /// address bar and the history; Add scrolls to and highlights the new row and says so, Retry says it failed
    /// again; the whole "from · into" line, counts of every state, the Add dialog's buttons in sight at 1280x800,
    /// the daemon's default connections (auto), one connection shown in the detail, the phone's menus whole, and the
    /// daemon's words beside a translated reason.
    func testWhatPeopleHitInTheFirstHourInHeadlessChromium() throws {
        try runInChromium("web_first_hour_test.py", ["--screenshots", "WORK"])
    }

    /// Issue 62, point 5 (Tests/Browser/web_scale_test.py): 5,000 paused downloads; the page shows 100 at a time
    /// with where it is, finds the last one added by the search box and reaches it by paging, sorts the whole queue
    /// by name, and each second reads its own page only (never aria2's lists of 1,000); it prints the first paint
    /// and a refresh's daemon CPU, which it does not check.
    func testThePageShowsAndFindsAQueueOfThousands() throws {
        try runInChromium("web_scale_test.py", ["--screenshots", "WORK"])
    }

    /// A real aria2 front-end, webui-aria2 (vendored built in Tests/Browser/vendor/webui-aria2/, MIT), served from
    /// another loopback port with the secret in its address, drives `haul daemon` started without
    /// `--rpc-allow-origin` (Tests/Browser/webui_aria2_test.py): it connects and offers Metalinks, adds a URL that shows
    /// with a moving bar, paints the piece bar from the lists' `bitfield`, pauses and resumes with its buttons, lists
    /// the global options with their values and applies one changed there (checked with getGlobalOption), and shows
    /// the download complete; no error alert, no console error.
    func testWebuiAria2ServedFromAnotherLocalPortAddsPausesResumesAndChangesSettings() throws {
        try runInChromium("webui_aria2_test.py", ["--screenshot", "WORK/webui-aria2.png"])
    }

    /// Issue 53, point 7 (Tests/Browser/web_stream_test.py): an HLS playlist added on the page is saved as its
    /// stream (index.ts, the segments concatenated) and the detail view shows "Segments 6 / 6".
    func testAPlaylistAddedOnThePageIsSavedAsItsStreamWithItsSegmentsInTheDetail() throws {
        try runInChromium("web_stream_test.py", ["--screenshot", "WORK/web-stream.png"])
    }

    /// Runs one of Tests/Browser's scripts against the built haul; `WORK` in `arguments` is its work directory.
    private func runInChromium(_ name: String, _ arguments: [String]) throws {
        let environment = ProcessInfo.processInfo.environment
        let package = Aria2pScenarioTests.packageDirectory
        let python = environment["HAUL_TEST_PYTHON"].flatMap { $0.isEmpty ? nil : $0 }
            ?? package.appendingPathComponent(".build-venv/bin/python").path
        let missing = [
            (python, "a python with selenium (python3 -m venv .build-venv && .build-venv/bin/pip install selenium)"),
            ("/usr/bin/chromium", "chromium (apt-get install chromium)"),
            ("/usr/bin/chromedriver", "chromedriver (apt-get install chromium-driver)"),
        ].filter { !FileManager.default.isExecutableFile(atPath: $0.0) }.map(\.1)
        if !missing.isEmpty {
            let message = "browser test needs " + missing.joined(separator: ", ") + "; .ci/run installs them"
            if environment["CI"] == "true" { XCTFail(message) }
            throw XCTSkip(message)
        }
        let bundle = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        let haul = try XCTUnwrap(
            [bundle, bundle.deletingLastPathComponent()].map { $0.appendingPathComponent("haul").path }
                .first { FileManager.default.isExecutableFile(atPath: $0) }, "no built haul binary next to the tests")
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("haul-browser-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: work) }

        let script = Process()
        script.executableURL = URL(fileURLWithPath: python)
        script.arguments = [
            package.appendingPathComponent("Tests/Browser/\(name)").path, "--haul", haul, "--keep", work.path,
        ] + arguments.map { $0.replacingOccurrences(of: "WORK", with: work.path) }
        let output = Pipe()
        script.standardOutput = output
        script.standardError = output
        try script.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        script.waitUntilExit()
        let log = (try? String(contentsOf: work.appendingPathComponent("daemon.log"), encoding: .utf8)) ?? ""
        XCTAssertEqual(script.terminationStatus, 0, text + "\n--- daemon:\n" + log)
        XCTAssertTrue(text.contains("all browser checks held"), text)
        XCTAssertFalse(text.contains("FAIL "), text)
    }
}
