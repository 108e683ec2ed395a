import Foundation
import HaulCore

/// Adopts the file name a server proposes in `Content-Disposition`, when the request asked for that
/// (docs/http-rules.md rule 15).
enum ContentDispositionNaming {
    /// Moves `record.destination` to the sanitised server name in the same directory, once per download; the
    /// caller stores it (with the next checkpoint: until bytes are counted, a restart adopts the name again).
    ///
    /// - Returns: whether the destination changed.
    /// - Throws: `.fileExists` when a file of that name exists: a server-chosen name never replaces a file,
    ///   whatever `--overwrite` says. With `onConflict == .rename` the first free numbered name is taken instead
    ///   (`report.1.pdf`), as for a name the request chose.
    static func adopt(
        _ head: ResponseHead,
        request: DownloadRequest,
        record: inout DownloadRecord,
        emit: (DownloadUpdate) -> Void
    ) throws -> Bool {
        guard request.nameFromContentDisposition, record.destination == request.destinationPath,
            let header = head["Content-Disposition"], let name = FileName.fromContentDisposition(header)
        else { return false }
        var path = FileSystemSteps.parentDirectory(of: request.destinationPath) + "/" + name
        guard path != request.destinationPath else { return false }
        if FileSystemSteps.isNamePresent(path) {
            let free = request.onConflict == .rename
                ? (1...DestinationPlanner.maxNumber).lazy.map { DestinationPlanner.numbered(path, $0) }.first {
                    !FileSystemSteps.isNamePresent($0) && !FileSystemSteps.isNamePresent($0 + ".part")
                }
                : nil
            guard let free else {
                throw HaulError(.fileExists, "the server names the file \(name), and \(path) already exists; not overwriting it")
            }
            path = free
        }
        record.destination = path
        emit(.named(file: URL(fileURLWithPath: path)))
        return true
    }
}
