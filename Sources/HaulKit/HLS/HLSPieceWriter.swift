import Foundation
import HaulCore

/// Appends pieces to the `.part` file in order and gives it its final name once every piece is in and flushed.
final class HLSPieceWriter: @unchecked Sendable {
    let partPath: String
    private let handle: FileHandle
    private(set) var bytesWritten: Int64 = 0

    /// Creates (or empties) the `.part` file.
    init(partPath: String) throws {
        self.partPath = partPath
        guard FileManager.default.createFile(atPath: partPath, contents: nil) else {
            throw HaulError(.io, "cannot create \(partPath)")
        }
        do {
            handle = try FileHandle(forWritingTo: URL(fileURLWithPath: partPath))
        } catch {
            throw HaulError(.io, "cannot open \(partPath): \(error.localizedDescription)")
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
