import HaulCore

/// Adopts the file name a server proposes in `Content-Disposition`, when the request asked for that
/// (docs/http-rules.md rule 15).
enum ContentDispositionNaming {
    /// Moves `record.destination` to the sanitised server name in the same directory, once per download; the
    /// caller stores it (with the next checkpoint: until bytes are counted, a restart adopts the name again).
    ///
    /// - Returns: whether the destination changed.
    /// - Throws: `.fileExists` when a file of that name exists: a server-chosen name never replaces a file,
    ///   whatever `--overwrite` says.
    static func adopt(
        _ head: ResponseHead,
        request: DownloadRequest,
        record: inout DownloadRecord,
        emit: (DownloadUpdate) -> Void
    ) throws -> Bool {
        guard request.nameFromContentDisposition, record.destination == request.destination,
            let header = head["Content-Disposition"], let name = FileName.fromContentDisposition(header)
        else { return false }
        let path = FileSystemSteps.parentDirectory(of: request.destination) + "/" + name
        guard path != request.destination else { return false }
        if FileSystemSteps.exists(path) {
            throw HaulError(.fileExists, "the server names the file \(name), and \(path) already exists; not overwriting it")
        }
        record.destination = path
        emit(.named(path: path))
        return true
    }
}
