import Foundation
import HaulCore

/// One run of a download: locks its `.part` file, then runs `TransferMachine` over one connection or several.
struct DownloadTransfer: Sendable {
    let record: DownloadRecord
    let context: TransferContext

    func run() async -> TransferOutcome {
        // A playlist is a stream: its segments are fetched into one file (HLSStreamRule, docs/hls.md).
        if context.request.isStream {
            return await StreamTransfer(record: record, context: context).run()
        }
        let file: PartFile
        do {
            file = try PartFile(path: record.partPath)
        } catch {
            return .failed(HaulError.wrap(error))
        }
        let outcome = await TransferRunner(record: record, context: context, file: file).run()
        if case .completed(let path) = outcome, let stream = await streamOfPlaylist(savedAt: path) { return stream }
        return outcome
    }

    /// A file that turned out to be an HLS playlist under another name (`HLSStreamRule.isPlaylistAnswer`): the
    /// request is marked a stream and stored so (a restart goes on with the stream), its stream is fetched beside the
    /// playlist (`DIR/manifest.ts`), and the playlist's text is removed once the stream is saved. `nil`: not one.
    private func streamOfPlaylist(savedAt path: String) async -> TransferOutcome? {
        let request = context.request
        let playlistBytes = HLSPlaylist.Limits.standard.bytes
        guard let head = Self.head(of: path, readingUpTo: playlistBytes),
              HLSStreamRule.isPlaylistAnswer(
                firstBytes: head.firstBytes, size: head.size, playlistBytes: playlistBytes,
                hasMirrors: !request.mirrors.isEmpty, hasChecksum: request.checksum != nil, savesPlaylistAsStream: request.savesPlaylistAsStream),
              let id = record.id
        else { return nil }
        var stream = context
        stream.request.isRecognisedStream = true
        do {
            // Stored a stream, and running again: the file run stored it completed.
            try context.store.saveOptions(try String(decoding: JSONEncoder().encode(stream.request), as: UTF8.self), of: id)
            try context.store.setState(.downloading, of: id)
        } catch {
            return .failed(HaulError.wrap(error))
        }
        context.emit(.notice("\(request.url.absoluteString) is an HLS playlist: its stream is saved, not its text"))
        var playing = record
        playing.destination = path
        let outcome = await StreamTransfer(record: playing, context: stream).run()
        if case .completed(let saved) = outcome, saved != path { try? FileManager.default.removeItem(atPath: path) }
        return outcome
    }

    /// The saved file's size and, when it is no larger than `limit` (a playlist could be), its first 64 bytes; `nil`
    /// when it cannot be opened. One `open`, `fstat` and `pread`: this runs after every completed file, and
    /// FileManager's attributes also looked up the owner's and group's names (reading /etc/passwd and /etc/group) and
    /// FileHandle added its own calls, about 3 % of the CPU of 60 files of 256 KiB over https (perf, issue 61).
    private static func head(of path: String, readingUpTo limit: Int) -> (size: Int64, firstBytes: [UInt8])? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { return nil }
        let size = Int64(info.st_size)
        guard size <= Int64(limit) else { return (size, []) }
        var bytes = [UInt8](repeating: 0, count: 64)
        let read = bytes.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, 0) }
        return (size, Array(bytes.prefix(max(read, 0))))
    }
}
