import HaulCore

/// Adopts the file name a server proposes in `Content-Disposition`, when the request asked for that
/// (docs/http-rules.md rule 15).
enum ContentDispositionNaming {
    /// The sanitised name the server proposes, when the request asks for it and has not adopted one yet (once per
    /// download) and it differs from the name the request has.
    static func proposedName(_ head: ResponseHead, request: DownloadRequest, record: DownloadRecord) -> String? {
        guard request.nameFromContentDisposition, record.destination == request.destinationPath,
            let header = head["Content-Disposition"], let name = FileName.fromContentDisposition(header),
            FileSystemSteps.parentDirectory(of: request.destinationPath) + "/" + name != request.destinationPath
        else { return nil }
        return name
    }

    /// Moves `record.destination` to the server's name (`proposedName`) in the same directory; the caller
    /// (`ResponseNaming`) says so and stores it (with the next checkpoint: until bytes are counted, a restart
    /// adopts the name again).
    ///
    /// - Returns: whether the destination changed.
    /// - Throws: `.fileExists` when a file of that name exists: a server-chosen name never replaces a file,
    ///   whatever `--overwrite` says. With `onConflict == .rename` the first free numbered name is taken instead
    ///   (`report.1.pdf`), as for a name the request chose.
    static func adopt(_ head: ResponseHead, request: DownloadRequest, record: inout DownloadRecord) throws -> Bool {
        guard let name = proposedName(head, request: request, record: record) else { return false }
        var path = FileSystemSteps.parentDirectory(of: request.destinationPath) + "/" + name
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
        return true
    }
}
