import HaulCore

/// Folder rules once the response is known (`DownloadRequest+FolderRules.swift`): where the finished file goes is
/// decided when the response head arrives, and the record says so from then on (`haul list`, the daemon's
/// `files[].path`); the bytes stay in the `.part` file where they are, and `TransferFinisher` moves the file whole.
enum FolderRuleMove {
    /// Sends `record.destination` to the rules' directory when the response (its Content-Type, the name adopted from
    /// `Content-Disposition`) asks for another than the one the download was placed in, and creates it.
    ///
    /// - Returns: whether the destination changed (the caller stores it with the next checkpoint: until then, a
    ///   restart decides again from the same response).
    /// - Throws: `.fileExists` or `.destinationInUse` when the name is taken there and the conflict policy allows no
    ///   other (before any byte is fetched, not after); `.io` when the directory cannot be created.
    ///
    /// - Parameter serverName: the `Content-Disposition` name not adopted yet (`ContentDispositionNaming.proposedName`):
    ///   the rules decide by it, and only where the file goes is it checked against the names there.
    static func adopt(
        _ head: ResponseHead, request: DownloadRequest, record: inout DownloadRecord, serverName: String?
    ) throws -> Bool {
        guard let placement = request.folderPlacement else { return false }
        let current = serverName.map { FileSystemSteps.parentDirectory(of: request.destinationPath) + "/" + $0 }
            ?? record.destination ?? request.destinationPath
        guard let directory = placement.moveAfterResponse(
            current: current, placed: request.destinationPath, contentType: head["Content-Type"])
        else { return false }
        try FileSystemSteps.createDirectories(directory)
        record.destination = try target(directory + "/" + name(of: current), request: request).path
        return true
    }

    /// Whether a download finishing at `destination` from `partPath` moves to another directory.
    static func moves(_ partPath: String, to destination: String) -> Bool {
        FileSystemSteps.parentDirectory(of: partPath) != FileSystemSteps.parentDirectory(of: destination)
    }

    /// The path a file moving to `path` takes, by the request's conflict policy (`FolderPlacement.target`), and
    /// whether it replaces the file there.
    ///
    /// - Parameter ownPart: the finishing download's own `.part` when it is in `path`'s directory: it does not hold
    ///   a name for another download.
    /// - Throws: `.fileExists` or `.destinationInUse`, saying what holds the name.
    static func target(_ path: String, request: DownloadRequest, ownPart: String? = nil) throws -> (path: String, replacing: Bool) {
        let serverNamed = name(of: path) != request.destination.lastPathComponent
        let occupant = { (candidate: String) in Self.occupant(candidate, ownPart: ownPart) }
        switch FolderPlacement.target(path, policy: request.onConflict, serverNamed: serverNamed, occupant: occupant) {
        case .path(let chosen, let replacing):
            return (chosen, replacing)
        case .refused(let taken):
            if request.onConflict == .rename {
                throw HaulError(.fileExists, "\(taken) and its numbered names up to .\(DestinationPlanner.maxNumber) are all taken")
            }
            if occupant(taken) == .download {
                throw HaulError(.destinationInUse, "\(taken) is the destination of another download, which is not finished",
                                remedy: .renameOnConflict)
            }
            if serverNamed {
                throw HaulError(.fileExists, "the server names the file \(name(of: taken)), and \(taken) already exists; not overwriting it")
            }
            throw HaulError(.fileExists, "\(taken) already exists", remedy: .allowOverwrite)
        }
    }

    /// What holds `path` in the directory a file moves to: another download's `.part` (never the finishing
    /// download's own, `ownPart`), a file, or nothing.
    private static func occupant(_ path: String, ownPart: String?) -> FolderPlacement.Occupant {
        if path + ".part" != ownPart, FileSystemSteps.isNamePresent(path + ".part") { return .download }
        return FileSystemSteps.isNamePresent(path) ? .file : .free
    }

    private static func name(of path: String) -> String {
        path.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? path
    }
}
