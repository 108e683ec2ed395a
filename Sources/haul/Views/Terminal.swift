import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Facts about the terminal and raw-mode key reading.
enum Terminal {
    /// Whether `fd` is a terminal.
    static func isTerminal(_ fd: Int32) -> Bool { isatty(fd) == 1 }

    /// The terminal's width in columns (80 when unknown).
    static func columns(_ fd: Int32 = STDERR_FILENO) -> Int {
        var size = winsize()
        if ioctl(fd, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
        return 80
    }

    /// The terminal's height in rows (24 when unknown).
    static func rows(_ fd: Int32 = STDERR_FILENO) -> Int {
        var size = winsize()
        if ioctl(fd, UInt(TIOCGWINSZ), &size) == 0, size.ws_row > 0 { return Int(size.ws_row) }
        return 24
    }

    /// Whether colours are allowed: a terminal and no `NO_COLOR` (https://no-color.org).
    static func colorsAllowed(_ fd: Int32) -> Bool {
        isTerminal(fd) && (ProcessEnvironment.value("NO_COLOR") ?? "").isEmpty
    }

    /// Writes text to standard error without buffering surprises.
    static func writeError(_ text: String) {
        writeAll(STDERR_FILENO, text)
    }

    /// Writes a line to standard output; false when the reader has gone (see `writeAll`).
    @discardableResult
    static func writeOutput(_ text: String) -> Bool {
        writeAll(STDOUT_FILENO, text)
    }

    /// Writes bytes to standard output (`writeOutput` for text already in UTF-8); false when the reader has gone.
    @discardableResult
    static func writeOutput(bytes: [UInt8]) -> Bool {
        writeAll(STDOUT_FILENO, bytes[...])
    }

    @discardableResult
    private static func writeAll(_ fd: Int32, _ text: String) -> Bool {
        writeAll(fd, Array(text.utf8)[...])
    }

    /// Writes every byte, or as many as the reader takes. Output is what haul says about a download, not the
    /// download: when the reader has gone (`haul --progress json URL | head -3`: EPIPE, SIGPIPE being ignored)
    /// the rest is dropped and the download goes on, where `FileHandle.write` would have crashed the process.
    /// Answers whether every byte was written, so that a command whose output is all it does (`haul list`) can stop
    /// when nobody reads it.
    private static func writeAll(_ fd: Int32, _ bytes: ArraySlice<UInt8>) -> Bool {
        var bytes = bytes
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            if written < 0 && errno == EINTR { continue }
            if written <= 0 { return false }
            bytes = bytes.dropFirst(written)
        }
        return true
    }
}

/// Puts standard input into raw mode (no echo, no line buffering) and delivers key presses; restores the terminal
/// on `stop()` and at exit.
final class KeyReader: @unchecked Sendable {
    private var original = termios()
    private var active = false
    private let lock = NSLock()

    /// Starts reading keys from a terminal on standard input; returns nil when standard input is not a terminal.
    static func start(onKey: @escaping @Sendable (UInt8) -> Void) -> KeyReader? {
        guard Terminal.isTerminal(STDIN_FILENO) else { return nil }
        let reader = KeyReader()
        guard tcgetattr(STDIN_FILENO, &reader.original) == 0 else { return nil }
        var raw = reader.original
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
        withUnsafeMutableBytes(of: &raw.c_cc) { bytes in
            bytes[Int(VMIN)] = 1
            bytes[Int(VTIME)] = 0
        }
        guard tcsetattr(STDIN_FILENO, TCSANOW, &raw) == 0 else { return nil }
        reader.active = true
        KeyReader.current = reader
        atexit { KeyReader.current?.stop() }
        let thread = Thread {
            var byte: UInt8 = 0
            while read(STDIN_FILENO, &byte, 1) == 1 { onKey(byte) }
        }
        thread.start()
        return reader
    }

    nonisolated(unsafe) static var current: KeyReader?

    /// Restores the terminal's original mode.
    func stop() {
        lock.lock()
        defer { lock.unlock() }
        guard active else { return }
        active = false
        tcsetattr(STDIN_FILENO, TCSANOW, &original)
    }
}
