import HaulCore

/// The last steps of every download, in the only safe order (rule 18): cut the file to its length, flush it,
/// rename it to its final name, flush the directory, and only then record it as complete.
enum TransferFinisher {
    /// Finishes a download whose `length` bytes are all in `file`.
    ///
    /// - Returns: the final path.
    /// - Throws: `.fileExists` when the destination appeared meanwhile and may not be replaced; `.io` on failures.
    static func finish(
        file: PartFile,
        record: inout DownloadRecord,
        request: DownloadRequest,
        store: DownloadStore,
        length: Int64,
        segments: [SegmentRecord]
    ) throws -> String {
        try file.truncate(to: length)
        try file.synchronize()
        let destination = record.destination ?? request.destination
        try FileSystemSteps.promote(record.partPath, to: destination, replacing: request.overwrite)
        record.destination = destination
        try store.saveResource(of: record)
        try store.saveSegments(segments, of: record.id!)
        try store.setState(.completed, of: record.id!)
        return destination
    }
}
