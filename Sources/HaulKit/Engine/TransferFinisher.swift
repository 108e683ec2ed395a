import HaulArchive
import HaulCore

/// The last steps of every download, in the only safe order (docs/http-rules.md rule 18): cut the file to its length,
/// flush it, rename it to its final name, flush the directory, and only then record it as complete. A file a folder
/// rule sends to another file system is copied there and flushed before the `.part` goes (`FileSystemSteps.promote`).
/// The flush of the bytes is grouped with the other files finishing at the same moment (`DataFlusher`): grouped,
/// never skipped; no file is renamed before the flush that covers it has returned (docs/integrity.md, "Power cuts").
enum TransferFinisher {
    /// Finishes a download whose `length` bytes are all in `file`; `wire` is the run's counts, stored with it.
    ///
    /// - Returns: the final path.
    /// - Throws: `.fileExists` when the destination appeared meanwhile and may not be replaced; `.io` on failures.
    static func finish(
        file: PartFile,
        record: inout DownloadRecord,
        request: DownloadRequest,
        store: DownloadStore,
        length: Int64,
        streamedDigest: String? = nil,
        wire: WireBytes = WireBytes(),
        steps: FinishingSteps = .system
    ) throws -> String {
        try file.truncate(to: length)
        try steps.flushData(file)
        try verifyChecksum(file: file, record: record, request: request, store: store, streamedDigest: streamedDigest)
        var destination = record.destination ?? request.destinationPath
        var replacing = request.overwrite
        if FolderRuleMove.moves(record.partPath, to: destination) {
            // A folder rule sends the file to another directory (decided from the response head): its name there is
            // chosen again by the conflict policy, as a file of that name may have come meanwhile.
            try FileSystemSteps.createDirectories(FileSystemSteps.parentDirectory(of: destination))
            (destination, replacing) = try FolderRuleMove.target(destination, request: request)
        } else if !replacing, FileSystemSteps.isNamePresent(destination) {
            // Another process that took up the same download finished it first (two runs of one list): its file is
            // this download's, and the bytes fetched here are a copy of it.
            if let finished = try store.record(id: record.id!), finished.downloadState == .completed,
                let path = finished.destination, FileSystemSteps.isRegularFile(path)
            {
                try? FileSystemSteps.removeRegularFile(record.partPath)
                record = finished
                return path
            }
            // The name was taken while the download ran or waited (a file saved there meanwhile, by a browser or
            // another tool): the conflict policy decides again, as when the download was added. `rename` (the
            // command line's default) finishes under the first free numbered name; before, the rename refused and
            // every later run fetched the rest again and failed the same way (exit 6), the `.part` left beside it.
            (destination, replacing) = try FolderRuleMove.target(destination, request: request, ownPart: record.partPath)
        }
        try steps.promote(record.partPath, destination, replacing)
        record.destination = destination
        // The length is known now, if the server never said it (a chunked body): listings show it as the size.
        if record.totalBytes == nil { record.totalBytes = length }
        try store.markCompleted(record, wire: wire)
        return destination
    }

    /// Compares the file with the expected checksum; on a mismatch the partial file is deleted and its record
    /// reset, so that the next run downloads it afresh rather than "resuming" bytes known to be wrong.
    private static func verifyChecksum(
        file: PartFile,
        record: DownloadRecord,
        request: DownloadRequest,
        store: DownloadStore,
        streamedDigest: String?
    ) throws {
        guard let expected = request.checksum else { return }
        let actual: String
        do {
            actual = try streamedDigest ?? checksumOfFile(atPath: file.path, algorithm: expected.algorithm)
        } catch {
            throw HaulError(.io, "cannot read \(file.path) to verify it: \(error)")
        }
        guard actual != expected.hex else { return }
        try? FileSystemSteps.remove(file.path)
        try? store.saveResource(of: record, segments: [])
        let name = record.destination ?? request.destinationPath
        var mismatch = HaulError(
            .checksumMismatch,
            "\(expected.algorithm.rawValue) mismatch for \(name): expected \(expected.hex), got \(actual); the file was not kept"
        )
        mismatch.expectedChecksum = expected
        mismatch.actualDigest = actual
        throw mismatch
    }
}
