import Foundation
import HaulCore

/// Appends pieces to the `.part` file in order and gives it its final name once every piece is in and flushed.
final class HLSPieceWriter: @unchecked Sendable {
    let partPath: String
    private let handle: FileHandle
    /// The `.part` file's lock (`PartFile`: exclusive, never through a symbolic link, only a regular file), held until
    /// the writer goes: two runs never write one `.part`, and the lock is taken before anything is cut.
    private let lock: PartFile
    private(set) var bytesWritten: Int64 = 0

    /// Opens the `.part` file to continue after its first `keeping` bytes (cut there), or creates it empty.
    init(partPath: String, keeping: Int64 = 0) throws {
        self.partPath = partPath
        lock = try PartFile(path: partPath)
        do {
            handle = try FileHandle(forWritingTo: URL(fileURLWithPath: partPath))
            try handle.truncate(atOffset: UInt64(keeping))
            try handle.seekToEnd()
        } catch {
            throw HaulError(.io, "cannot open \(partPath): \(error.localizedDescription)")
        }
        bytesWritten = keeping
    }

    /// The length of the file at `path`, or `nil` when there is none.
    static func length(ofFile path: String) -> Int64? {
        (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.int64Value
    }

    /// Flushes what was appended to disk (before a checkpoint counts it).
    func flush() throws {
        do { try handle.synchronize() } catch {
            throw HaulError(.io, "cannot flush \(partPath): \(error.localizedDescription)")
        }
    }

    func append(_ bytes: [UInt8]) throws {
        do {
            try handle.write(contentsOf: bytes)
        } catch {
            throw HaulError(.io, "cannot write \(partPath): \(error.localizedDescription)")
        }
        bytesWritten += Int64(bytes.count)
    }

    /// Flushes the file to disk, renames it to `path` and flushes its directory.
    func finish(as path: String) throws {
        do {
            try handle.synchronize()
            try handle.close()
        } catch {
            throw HaulError(.io, "cannot flush \(partPath): \(error.localizedDescription)")
        }
        guard rename(partPath, path) == 0 else {
            throw HaulError(.io, "cannot rename \(partPath) to \(path): \(String(cString: strerror(errno)))")
        }
        try DirectoryFlusher.flush((path as NSString).deletingLastPathComponent)
    }

    /// Closes the `.part` file after a failure (kept: a later run starts it over).
    func abandon() {
        try? handle.close()
    }
}
