import Foundation
import HaulTestSupport
import XCTest

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs `haul` on a real pseudo-terminal, as a person at a terminal would: standard input, output and error are
/// the terminal (so `isatty` holds, the bar is drawn and keys are read in raw mode), it has a size, and the test
/// types keys into it and reads back everything drawn, escapes included.
final class TerminalSession: @unchecked Sendable {
    let columns: Int
    let rows: Int
    private let master: Int32
    private var slave: Int32
    private let process = Process()
    private let lock = NSLock()
    private var received = Data()
    private let reader = DispatchGroup()

    /// Starts `haul args...` in `directory` on a terminal of `columns` x `rows`.
    /// With `keyboard` false, standard input is `/dev/null` (as in `haul -i - < list`): output still goes to the
    /// terminal.
    init(
        _ arguments: [String], in directory: URL, columns: Int = 120, rows: Int = 30, keyboard: Bool = true,
        environment: [String: String] = [:]
    ) throws {
        self.columns = columns
        self.rows = rows
        (master, slave) = try Self.openPair()
        var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(master, UInt(TIOCSWINSZ), &size)

        let terminalEnvironment = ["TERM": "xterm-256color", "NO_COLOR": ""].merging(environment) { $1 }
        HaulProcess.prepare(process, arguments, in: directory, environment: terminalEnvironment)
        let terminal = FileHandle(fileDescriptor: slave, closeOnDealloc: false)
        process.standardInput = keyboard ? terminal : FileHandle.nullDevice
        process.standardOutput = terminal
        process.standardError = terminal

        reader.enter()
        let fd = master
        Thread.detachNewThread { [self] in
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                let count = read(fd, &buffer, buffer.count)
                if count <= 0 { break }  // EIO once every holder of the terminal's other side is gone
                lock.withLock { received.append(contentsOf: buffer[0..<count]) }
            }
            reader.leave()
        }
        try process.run()
    }

    /// Opens a terminal pair: the side the test holds, and the side `haul` gets.
    private static func openPair() throws -> (master: Int32, slave: Int32) {
        #if canImport(Glibc) || canImport(Musl)
        // Glibc's module leaves out posix_openpt, unlockpt and ptsname (they need _XOPEN_SOURCE), so this does what
        // they do on Linux: open the multiplexer, unlock the new pair and ask its number. The request numbers are
        // those of <asm-generic/ioctls.h> (x86_64 and arm64).
        let TIOCGPTN: UInt = 0x8004_5430
        let TIOCSPTLCK: UInt = 0x4004_5431
        let master = open("/dev/ptmx", O_RDWR | O_NOCTTY)
        // A container without /dev/pts cannot run these tests at all: say so instead of failing on the machine.
        guard master >= 0 else { throw XCTSkip("no pseudo-terminal here: /dev/ptmx: \(String(cString: strerror(errno)))") }
        var unlock: Int32 = 0
        var number: UInt32 = 0
        guard ioctl(master, TIOCSPTLCK, &unlock) == 0, ioctl(master, TIOCGPTN, &number) == 0 else {
            _ = closeDescriptor(master)
            throw POSIXError(.ENOTTY)
        }
        let name = "/dev/pts/\(number)"
        #else
        let master = posix_openpt(O_RDWR | O_NOCTTY)
        guard master >= 0, grantpt(master) == 0, unlockpt(master) == 0, let cName = ptsname(master) else {
            throw POSIXError(.ENOTTY)
        }
        let name = String(cString: cName)
        #endif
        let slave = open(name, O_RDWR | O_NOCTTY)
        guard slave >= 0 else {
            _ = closeDescriptor(master)
            throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .ENOTTY)
        }
        return (master, slave)
    }

    deinit {
        hangUp()
        _ = closeDescriptor(master)
    }

    /// Everything drawn so far, as the terminal received it (`\n` arrives as `\r\n`).
    var output: String {
        lock.withLock { String(decoding: received, as: UTF8.self) }
    }

    /// Gives the terminal a new size, as a person dragging the window's edge does (haul reads it at its next draw).
    func resize(columns: Int, rows: Int) {
        var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(master, UInt(TIOCSWINSZ), &size)
    }

    /// Types `text` (keys go to `haul`'s standard input).
    func type(_ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
    }

    /// Waits until the output contains `text`; returns whether it did.
    func waitFor(_ text: String, timeout: Double = 20) -> Bool {
        waitUntil(timeout: timeout) { self.output.contains(text) }
    }

    /// The terminal's line discipline flags now (`ECHO`, `ICANON`...), as `haul` left them.
    var localModes: tcflag_t {
        var modes = termios()
        tcgetattr(master, &modes)
        return modes.c_lflag
    }

    /// Waits for `haul` to exit; returns its status and everything it drew. The terminal stays open, so the test can
    /// still look at its modes.
    func finish(timeout: Double = 60) -> (status: Int32, output: String) {
        if !HaulProcess.waitForExit(process, timeout: timeout) {
            XCTFail("haul did not finish within \(timeout) s; it drew:\n\(Self.visible(output))")
        }
        // Drain the terminal: a marker written to haul's side after it exited comes out after everything haul
        // wrote (a terminal keeps order), so once the reader holds the marker it holds all of haul's output.
        // (After `hangUp` the reader has already read to the end.)
        if slave >= 0 {
            let marker = Data("\u{1}haul-test-drained-\(UUID().uuidString)\u{1}".utf8)
            _ = marker.withUnsafeBytes { write(slave, $0.baseAddress, $0.count) }
            let drained = eventuallyBlocking(every: .milliseconds(1)) { lock.withLock { received.range(of: marker) != nil } }
            XCTAssertTrue(drained, "the terminal's output never drained")
            lock.withLock {
                if let range = received.range(of: marker) { received.removeSubrange(range) }
            }
        }
        return (process.terminationStatus, output)
    }

    /// Ends the session: closes the terminal and waits for the reader to stop.
    func hangUp() {
        guard slave >= 0 else { return }
        _ = closeDescriptor(slave)
        slave = -1
        reader.wait()
    }

    /// The process id of `haul`.
    var pid: Int32 { process.processIdentifier }

    /// The exit status once `haul` has exited, nil while it runs.
    var exitStatus: Int32? { process.isRunning ? nil : process.terminationStatus }

    // MARK: reading what was drawn

    /// The text with escape sequences removed.
    static func visible(_ text: String) -> String {
        text.replacingOccurrences(of: "\u{1B}\\[[0-9;?]*[A-Za-z]", with: "", options: .regularExpression)
    }

    /// Every line as drawn: the output cut at each carriage return or newline, escapes removed, empty pieces
    /// dropped. A bar redrawn in place with `\r` gives one piece per redraw.
    static func drawnLines(_ text: String) -> [String] {
        visible(text).components(separatedBy: CharacterSet(charactersIn: "\r\n")).filter { !$0.isEmpty }
    }
}

private func closeDescriptor(_ fd: Int32) -> Int32 { close(fd) }
