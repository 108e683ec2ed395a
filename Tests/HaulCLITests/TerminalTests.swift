import Foundation
import HaulCore
import HaulTestSupport
import XCTest

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// `haul` on a real terminal (a pseudo-terminal): the bar redrawn in place, the keys, several downloads at once,
/// and the terminal left as it was found.
final class TerminalTests: XCTestCase {
    private let content = deterministicBytes(count: 3 << 20, seed: 31)

    private func assertTerminalRestored(_ session: TerminalSession, file: StaticString = #filePath, line: UInt = #line) {
        let modes = session.localModes
        XCTAssertNotEqual(modes & tcflag_t(ECHO), 0, "typed keys echo again after haul exits", file: file, line: line)
        XCTAssertNotEqual(modes & tcflag_t(ICANON), 0, "line editing is back after haul exits", file: file, line: line)
    }

    private func assertFits(_ lines: [String], _ session: TerminalSession, file: StaticString = #filePath, line: UInt = #line) {
        for drawn in lines where drawn.count >= session.columns {
            XCTFail("a line as wide as the terminal wraps and breaks the redraw: \(drawn)", file: file, line: line)
        }
    }

    func testBarIsRedrawnInPlaceWithinTheWidthAndEndsDone() async throws {
        try await withTestServer { server in
            try await withTemporaryDirectory { dir in
                server.serve("/f.bin", FileResource(content: content), bytesPerSecond: 1 << 20)
                let session = try TerminalSession(["--state-dir", dir.file("s").path, "-x", "1", server.url("/f.bin")], in: dir.url, columns: 110)
                defer { session.hangUp() }
                let result = session.finish()
                let lines = TerminalSession.drawnLines(result.output)
                XCTAssertEqual(result.status, 0, lines.joined(separator: "\n"))
                XCTAssertTrue(contents(dir.file("f.bin")) == content, "contents(dir.file('f.bin'))")

                XCTAssertTrue(result.output.contains("\r\u{1B}[2K"), "the bar is redrawn in place")
                let moving = lines.filter { $0.hasPrefix("f.bin") && $0.contains("ETA") && !$0.contains("100%") && !$0.contains(" 0%") }
                XCTAssertGreaterThanOrEqual(moving.count, 3, "the bar moved while bytes arrived: \(lines)")
                XCTAssertTrue(moving.contains { $0.contains("[==") && $0.contains("/s") && $0.contains("/ 3.00 MiB") }, "\(moving)")
                XCTAssertTrue(moving.contains { $0.contains("space: pause, q: quit") }, "the keys are shown on a wide terminal")
                let last = try XCTUnwrap(lines.last { $0.hasPrefix("f.bin") })
                XCTAssertTrue(last.contains("100%") && last.contains("done in"), last)
                XCTAssertFalse(last.contains("space: pause"), "a finished bar no longer offers keys: \(last)")
                XCTAssertTrue(result.output.contains("\u{1B}[32m"), "a finished bar is green on a terminal without NO_COLOR")
                assertFits(lines, session)
                assertTerminalRestored(session)
            }
        }
    }

    /// `NO_COLOR` keeps the bar and drops the colours; a narrow terminal gets a shorter bar, never a wrapped one.
    func testNoColorAndANarrowTerminal() async throws {
        try await withTestServer { server in
            try await withTemporaryDirectory { dir in
                server.serve("/f.bin", FileResource(content: content))
                let session = try TerminalSession(
                    ["--state-dir", dir.file("s").path, server.url("/f.bin")], in: dir.url, columns: 44, environment: ["NO_COLOR": "1"]
                )
                defer { session.hangUp() }
                let result = session.finish()
                XCTAssertEqual(result.status, 0, TerminalSession.visible(result.output))
                XCTAssertTrue(result.output.contains("done in"), TerminalSession.visible(result.output))
                XCTAssertFalse(result.output.contains("\u{1B}[3"), "no colour escapes with NO_COLOR")
                assertFits(TerminalSession.drawnLines(result.output), session)
            }
        }
    }

    /// With standard input not a terminal, keys cannot be read: the bar is drawn but offers none.
    func testNoKeysAreOfferedWhenTheyCannotBeRead() async throws {
        try await withTestServer { server in
            try await withTemporaryDirectory { dir in
                server.serve("/f.bin", FileResource(content: content), bytesPerSecond: 2 << 20)
                let session = try TerminalSession(["--state-dir", dir.file("s").path, server.url("/f.bin")], in: dir.url, keyboard: false)
                defer { session.hangUp() }
                let result = session.finish()
                let lines = TerminalSession.drawnLines(result.output)
                XCTAssertEqual(result.status, 0, lines.joined(separator: "\n"))
                XCTAssertTrue(lines.contains { $0.hasPrefix("f.bin") && $0.contains("ETA") }, "the bar is still drawn: \(lines)")
                XCTAssertFalse(result.output.contains("space:"), "no keys offered without a keyboard: \(lines)")
            }
        }
    }

    /// Space pauses (nothing more arrives, the bar says so), space again goes on, q quits with 130 keeping the
    /// partial file, and the same command finishes it.
    func testSpacePausesAndResumesAndQQuitsKeepingThePartial() async throws {
        try await withTestServer { server in
            try await withTemporaryDirectory { dir in
                let bytes = deterministicBytes(count: 6 << 20, seed: 32)
                let throttled = Switch(on: true)
                server.serve("/f.bin", FileResource(content: bytes), bytesPerSecond: 512 << 10, while: throttled)
                let state = dir.file("s")
                let part = dir.file("f.bin.part").path
                let arguments = ["--state-dir", state.path, "-x", "1", server.url("/f.bin")]
                let session = try TerminalSession(arguments, in: dir.url)
                defer { session.hangUp() }
                XCTAssertTrue(waitUntil(timeout: 20) { (durableBytes(stateDirectory: state, partPath: part) ?? 0) > 0 })

                session.type(" ")
                XCTAssertTrue(session.waitFor("paused"), TerminalSession.visible(session.output))
                XCTAssertTrue(session.waitFor("space: resume, q: quit"), "the keys say what space does now")
                // The bar says "paused" as the pause begins; the bytes in flight are written out just after. Waited
                // for, not timed: until the durable count is what the paused bar shows, the same at two looks.
                var held: Int64 = -1
                XCTAssertTrue(
                    eventuallyBlocking(within: .seconds(10), every: .milliseconds(100)) {
                        guard let now = durableBytes(stateDirectory: state, partPath: part) else { return false }
                        defer { held = now }
                        let bar = TerminalSession.drawnLines(session.output).last { $0.hasPrefix("f.bin") } ?? ""
                        return now == held && bar.contains("  \(ByteCount.format(now)) / 6.00 MiB")
                    },
                    "the paused bar never showed the bytes kept: \(TerminalSession.visible(session.output))")
                XCTAssertTrue(
                    staysBlocking(for: .milliseconds(1200)) { durableBytes(stateDirectory: state, partPath: part) == held },
                    "nothing arrives while paused")
                let pausedBar = TerminalSession.drawnLines(session.output).last { $0.hasPrefix("f.bin") } ?? ""
                XCTAssertTrue(pausedBar.contains("  \(ByteCount.format(held)) / 6.00 MiB"), "the paused bar shows the bytes kept (\(held)): \(pausedBar)")

                session.type(" ")
                XCTAssertTrue(
                    waitUntil(timeout: 20) { (durableBytes(stateDirectory: state, partPath: part) ?? 0) > held },
                    "space again goes on from where it was"
                )
                session.type("q")
                let quit = session.finish()
                XCTAssertEqual(quit.status, 130, TerminalSession.visible(quit.output))
                XCTAssertTrue(TerminalSession.visible(quit.output).contains("partial files are kept"), TerminalSession.visible(quit.output))
                XCTAssertTrue(FileManager.default.fileExists(atPath: part))
                XCTAssertFalse(FileManager.default.fileExists(atPath: dir.file("f.bin").path))
                assertTerminalRestored(session)

                throttled.isOn = false
                let again = try HaulProcess.run(arguments, in: dir.url)
                XCTAssertEqual(again.status, 0, again.stderr)
                XCTAssertTrue(contents(dir.file("f.bin")) == bytes, "contents(dir.file('f.bin'))")
            }
        }
    }

    /// Several files: a line per running download and a total line, redrawn as a block; a finished file leaves
    /// a line above it. On a short, narrow terminal the block shows what fits and counts the rest.
    func testSeveralDownloadsShareOneBlockThatFitsTheTerminal() async throws {
        try await withTestServer { server in
            try await withTemporaryDirectory { dir in
                let names = ["a.bin", "b.bin", "c.bin", "d.bin"]
                let files = names.enumerated().map { deterministicBytes(count: (1 << 20) + $0.offset * 1000, seed: 40 + UInt64($0.offset)) }
                for (name, bytes) in zip(names, files) { server.serve("/\(name)", FileResource(content: bytes), bytesPerSecond: 512 << 10) }
                let session = try TerminalSession(
                    ["--state-dir", dir.file("s").path, "-j", "4", "-x", "1"] + names.map { server.url("/\($0)") },
                    in: dir.url, columns: 40, rows: 5
                )
                defer { session.hangUp() }
                let result = session.finish()
                let lines = TerminalSession.drawnLines(result.output)
                XCTAssertEqual(result.status, 0, lines.joined(separator: "\n"))
                for (name, bytes) in zip(names, files) {
                    XCTAssertTrue(contents(dir.file(name)) == bytes, name)
                    XCTAssertTrue(lines.contains { $0.hasPrefix("done \(name)") }, "\(name) leaves a line when done: \(lines)")
                }
                XCTAssertTrue(result.output.contains("\u{1B}[J"), "the block is erased and redrawn, not appended")
                XCTAssertTrue(lines.contains { $0.contains("+2 more running") }, "5 rows hold 2 downloads, the count and the total: \(lines)")
                XCTAssertTrue(lines.contains { $0.hasPrefix("total  0/4 done, 4 running") }, "\(lines)")
                XCTAssertTrue(lines.contains { $0.hasPrefix("total  4/4 done") }, "\(lines)")
                assertFits(lines, session)
                assertTerminalRestored(session)
            }
        }
    }

    // MARK: one voice (issue 35)

    /// What stays on the screen once everything is drawn: carriage returns, erased lines and colours applied.
    static func screen(_ output: String) -> [String] {
        var lines: [String] = []
        var current: [Character] = []
        var cursor = 0
        var characters = Array(output)[...]
        while let character = characters.popFirst() {
            switch character {
            case "\u{1B}":
                guard characters.first == "[" else { continue }
                characters.removeFirst()
                var parameters = ""
                while let next = characters.popFirst() {
                    if next.isLetter {
                        if next == "K", parameters == "2" { current = [] }
                        break
                    }
                    parameters.append(next)
                }
            case "\r": cursor = 0
            case "\n", "\r\n":
                lines.append(String(current))
                current = []
                cursor = 0
            default:
                if cursor < current.count { current[cursor] = character } else { current.append(character) }
                cursor += 1
            }
        }
        lines.append(String(current))
        return lines.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    /// A 404 before any byte: the error alone, not a bar, the error and a failed bar.
    func testA404PrintsTheErrorAlone() async throws {
        try await withTestServer { server in
            try await withTemporaryDirectory { dir in
                let session = try TerminalSession(["--state-dir", dir.file("s").path, server.url("/missing.bin")], in: dir.url)
                defer { session.hangUp() }
                let result = session.finish()
                XCTAssertEqual(result.status, 4, TerminalSession.visible(result.output))
                let screen = Self.screen(result.output)
                XCTAssertEqual(screen.count, 1, "\(screen)")
                XCTAssertTrue(screen.first?.hasPrefix("haul: error: missing.bin: ") == true, "\(screen)")
                assertTerminalRestored(session)
            }
        }
    }

    /// A single download names itself when it resumes, as each of a batch does: `f.bin: resuming at ...`.
    func testASingleDownloadSaysItsNameWhenItResumes() async throws {
        try await withTestServer { server in
            try await withTemporaryDirectory { dir in
                let bytes = deterministicBytes(count: 4 << 20, seed: 36)
                let throttled = Switch(on: true)
                server.serve("/f.bin", FileResource(content: bytes), bytesPerSecond: 512 << 10, while: throttled)
                let state = dir.file("s")
                let arguments = ["--state-dir", state.path, "-x", "1", server.url("/f.bin")]
                let first = try HaulProcess(arguments, in: dir.url)
                XCTAssertTrue(waitUntil(timeout: 20) { (durableBytes(stateDirectory: state, partPath: dir.file("f.bin.part").path) ?? 0) > 0 })
                first.process.interrupt()
                XCTAssertEqual(first.finish().status, 130)
                throttled.isOn = false
                let session = try TerminalSession(arguments, in: dir.url)
                defer { session.hangUp() }
                let result = session.finish()
                XCTAssertEqual(result.status, 0, TerminalSession.visible(result.output))
                let screen = Self.screen(result.output)
                XCTAssertTrue(screen.contains { $0.hasPrefix("f.bin: resuming at ") }, "\(screen)")
                XCTAssertFalse(screen.contains { $0.hasPrefix("haul: resuming") }, "\(screen)")
                XCTAssertTrue(contents(dir.file("f.bin")) == bytes)
            }
        }
    }

    /// A second process asked for a file another one is downloading says so, and only that: no bar of the other
    /// process's bytes, no "stopped, N kept".
    func testASecondProcessRefusedAsBusyPrintsOnlyTheError() async throws {
        try await withTestServer { server in
            try await withTemporaryDirectory { dir in
                server.serve("/f.bin", FileResource(content: deterministicBytes(count: 8 << 20, seed: 37)), bytesPerSecond: 256 << 10)
                let state = dir.file("s")
                let arguments = ["--state-dir", state.path, "-x", "1", server.url("/f.bin")]
                let first = try HaulProcess(arguments, in: dir.url)
                defer { first.process.terminate(); _ = first.finish() }
                XCTAssertTrue(waitUntil(timeout: 20) { (durableBytes(stateDirectory: state, partPath: dir.file("f.bin.part").path) ?? 0) > 0 })
                let session = try TerminalSession(arguments, in: dir.url)
                defer { session.hangUp() }
                let result = session.finish()
                XCTAssertEqual(result.status, 10, TerminalSession.visible(result.output))
                let screen = Self.screen(result.output)
                XCTAssertEqual(screen.count, 1, "\(screen)")
                XCTAssertTrue(screen.first?.hasPrefix("haul: error: f.bin: ") == true, "\(screen)")
                XCTAssertTrue(screen.first?.contains("another haul process") == true, "\(screen)")
                XCTAssertFalse(screen.contains { $0.contains("kept") }, "\(screen)")
            }
        }
    }

    /// `haul pause 1` from another terminal leaves a single download's bar waiting with `space: resume`, as the
    /// keys promise, instead of exiting 130; space goes on.
    func testAPauseFromAnotherTerminalWaitsForSpace() async throws {
        try await withTestServer { server in
            try await withTemporaryDirectory { dir in
                let bytes = deterministicBytes(count: 4 << 20, seed: 38)
                let throttled = Switch(on: true)
                server.serve("/f.bin", FileResource(content: bytes), bytesPerSecond: 512 << 10, while: throttled)
                let state = dir.file("s")
                let session = try TerminalSession(["--state-dir", state.path, "-x", "1", server.url("/f.bin")], in: dir.url)
                defer { session.hangUp() }
                XCTAssertTrue(waitUntil(timeout: 20) { (durableBytes(stateDirectory: state, partPath: dir.file("f.bin.part").path) ?? 0) > 0 })
                let pause = try HaulProcess.run(["pause", "1", "--state-dir", state.path], in: dir.url)
                XCTAssertEqual(pause.status, 0, pause.stderr)
                XCTAssertTrue(session.waitFor("space: resume, q: quit"), TerminalSession.visible(session.output))
                XCTAssertTrue(
                    staysBlocking(for: .milliseconds(1500)) { session.exitStatus == nil },
                    "still there, waiting for a key: \(TerminalSession.visible(session.output))")
                throttled.isOn = false
                session.type(" ")
                let result = session.finish()
                XCTAssertEqual(result.status, 0, TerminalSession.visible(result.output))
                XCTAssertTrue(contents(dir.file("f.bin")) == bytes)
            }
        }
    }
}
