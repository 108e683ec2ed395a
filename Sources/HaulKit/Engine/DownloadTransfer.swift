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
        guard let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.int64Value,
              HLSStreamRule.isPlaylistAnswer(
                firstBytes: Self.firstBytes(of: path), size: size, playlistBytes: HLSPlaylist.Limits.standard.bytes,
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

    private static func firstBytes(of path: String) -> [UInt8] {
        guard let handle = FileHandle(forReadingAtPath: path) else { return [] }
        defer { try? handle.close() }
        return [UInt8]((try? handle.read(upToCount: 64)) ?? Data())
    }
}
