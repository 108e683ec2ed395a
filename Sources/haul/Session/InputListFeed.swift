import Foundation
import HaulCore
import HaulKit

/// A `-i` list read as its queue drains: the file is read in chunks, a few entries at a time, and never held
/// whole (docs/cli.md, "Long lists"). Standard input, or any file that is not a regular one (a pipe), is first
/// copied to an unnamed temporary file, so that it can be read twice: once to check every line before anything
/// starts (a bad line 90,000 stops the command before the first download, as with a short list), then as the
/// queue drains.
final class InputListFeed {
    /// The list as named on the command line (`-` for standard input).
    let name: String
    private let descriptor: Int32
    private var lines = InputFileLines()
    private var pending: [UInt8] = []
    /// Entries read and not handed on yet: at most one chunk's worth more than the last `nextEntries` asked for.
    private var ready: [InputFileEntry] = []
    private var atEnd = false
    /// Set once `check` has read the list and taken its warnings: the second read lets go of them as it goes.
    private var isChecked = false
    /// Entries not handed on yet (known after `check`).
    private(set) var remaining = 0
    private static let chunk = 64 << 10

    /// Opens the list `name` (`-`: standard input).
    /// - Throws: `.usage` when it cannot be opened or copied.
    init(_ name: String) throws {
        self.name = name
        let source = name == "-" ? STDIN_FILENO : open(name, O_RDONLY | O_CLOEXEC)
        guard source >= 0 else { throw HaulError(.usage, "cannot read the input file \(name)") }
        var status = stat()
        if name != "-", fstat(source, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG {
            descriptor = source
            return
        }
        defer { if name != "-" { close(source) } }
        descriptor = try Self.spool(source, name: name)
    }

    deinit { close(descriptor) }

    /// `source` copied to a temporary file that has no name (removed once open): nothing is left behind.
    private static func spool(_ source: Int32, name: String) throws -> Int32 {
        var template = Array((NSTemporaryDirectory() + "/haul-list-XXXXXX").utf8CString)
        let copy = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard copy >= 0 else { throw HaulError(.io, "cannot make a temporary copy of the input file \(name)") }
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        var buffer = [UInt8](repeating: 0, count: chunk)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(source, $0.baseAddress, chunk) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { close(copy); throw HaulError(.usage, "cannot read the input file \(name)") }
            if count == 0 { break }
            var written = 0
            while written < count {
                let step = buffer.withUnsafeBytes { write(copy, $0.baseAddress! + written, count - written) }
                guard step > 0 else { close(copy); throw HaulError(.io, "cannot make a temporary copy of the input file \(name)") }
                written += step
            }
        }
        return copy
    }

    /// Reads the whole list once, giving each entry to `each` (which checks it, and throws what is wrong with it),
    /// then goes back to its start. Returns the number of entries and the warnings.
    /// - Throws: `.usage` naming the line for a line that breaks a rule; what `each` throws.
    func check(_ each: (InputFileEntry) throws -> Void) throws -> (count: Int, warnings: [InputFileWarning]) {
        var count = 0
        while true {
            let entries = try nextEntries(4096)
            for entry in entries { try each(entry) }
            count += entries.count
            if entries.count < 4096 { break }
        }
        let warnings = lines.takeWarnings()
        rewind()
        isChecked = true
        remaining = count
        return (count, warnings)
    }

    /// The whole text (a list read the old way, all at once: see `DownloadOptions.download`).
    func wholeText() throws -> String {
        rewind()
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: Self.chunk)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, Self.chunk) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { throw HaulError(.usage, "cannot read the input file \(name)") }
            if count == 0 { break }
            data.append(contentsOf: buffer[0..<count])
        }
        return String(decoding: data, as: UTF8.self)
    }

    private func rewind() {
        lseek(descriptor, 0, SEEK_SET)
        lines = InputFileLines()
        pending = []
        ready = []
        atEnd = false
    }

    /// At most `most` more entries, in file order; fewer only at the end of the list. Reads the file only as far as
    /// these need (back-pressure): what is held afterwards is at most the rest of the last 64 KiB chunk read,
    /// whatever the list's length.
    /// - Throws: `.usage` naming the line for a line that breaks a rule.
    func nextEntries(_ most: Int) throws -> [InputFileEntry] {
        while ready.count < most && !atEnd { try readChunk() }
        let taken = Array(ready.prefix(most))
        // What was handed on is let go of at once. Before, the array was emptied only when a call took all of it,
        // which never happened once reads and takes interleaved: every entry of the list stayed in memory to the
        // end (1.6 MiB at 8,000 entries, heaptrack).
        ready.removeFirst(taken.count)
        remaining = max(0, remaining - taken.count)
        return taken
    }

    /// Entries held in memory: read from the file and not handed on yet.
    var held: Int { ready.count }
    /// Warnings held in memory (after `check`, none are kept).
    var heldWarnings: Int { lines.warnings.count }

    private func readChunk() throws {
        var buffer = [UInt8](repeating: 0, count: Self.chunk)
        var count: Int
        repeat { count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, Self.chunk) } } while count < 0 && errno == EINTR
        guard count >= 0 else { throw HaulError(.usage, "cannot read the input file \(name)") }
        do {
            if count == 0 {
                atEnd = true
                if !pending.isEmpty { try lines.read(Substring(String(decoding: pending, as: UTF8.self))) }
                pending = []
                ready += lines.finish()
                if isChecked { _ = lines.takeWarnings() }
                return
            }
            pending += buffer[0..<count]
            var start = 0
            while let newline = pending[start...].firstIndex(of: UInt8(ascii: "\n")) {
                try lines.read(Substring(String(decoding: pending[start..<newline], as: UTF8.self)))
                start = newline + 1
            }
            pending.removeFirst(start)
            ready += lines.take()
            // Said once, by `check`: kept again they would grow with a list that repeats an option on every entry.
            if isChecked { _ = lines.takeWarnings() }
        } catch {
            throw HaulError(.usage, "\(name): \(error)")
        }
    }
}
