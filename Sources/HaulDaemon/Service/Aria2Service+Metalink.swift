import Foundation
import HaulCore
import HaulKit

extension Aria2Service {
    /// The largest Metalink document taken over RPC (after base64), as the XML reader's own cap.
    static let maximumMetalinkBytes = XMLScanner.Limits.standard.bytes

    /// `aria2.addMetalink(metalink, options, position)`: the base64 text of a Metalink v4 document (`.meta4`); each
    /// of its files becomes one download and the answer lists their GIDs in the document's order, as aria2's does.
    ///
    /// A file goes under its Metalink name below `dir` (an allowed directory; the name was checked to stay inside
    /// it), from its http(s) sources by priority (the first as the URL, the others as mirrors), checked against its
    /// strongest whole-file hash (a mismatch fails it and keeps nothing). `out` does not apply (several files);
    /// the other options are those of `addUri`. The document is checked whole before anything is added: one bad
    /// file name refuses the call.
    public func add(_ command: AddMetalink) async throws(CommandRefusal) -> [GID] {
        let metalink: Metalink
        do {
            metalink = try Metalink.parse([UInt8](command.document))
        } catch {
            throw CommandRefusal("aria2.addMetalink: \(error)")
        }
        let parsed = command.options
        try checkAddOptions(parsed)
        let directory = try checkedDirectory(parsed.directory)
        let rate = parsed.rateLimit ?? globals.maxDownloadLimit
        let rules = try folderRules(for: parsed, directory: directory)
        var requests: [DownloadRequest] = []
        for file in metalink.files {
            let urls = file.sources.compactMap { URL(string: $0.url) }
            guard let first = urls.first else { throw CommandRefusal("aria2.addMetalink: \(file.name) has no usable source") }
            let destination = directory + "/" + file.name
            let parent = (destination as NSString).deletingLastPathComponent
            do {
                try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true)
            } catch {
                throw CommandRefusal("cannot create dir \(parent): \(error.localizedDescription)")
            }
            let expected: Checksum?
            do { expected = try file.hash.map { try Checksum(parsing: $0.checksum) } } catch { throw CommandRefusal("aria2.addMetalink: \(error)") }
            var request = DownloadRequest(
                url: first,
                destination: URL(fileURLWithPath: destination, isDirectory: false),
                headers: requestHeaders(parsed, for: first),
                onConflict: parsed.conflictPolicy,
                checksum: expected,
                maxBytesPerSecond: rate > 0 ? rate : nil,
                proxy: parsed.proxy
            )
            if let split = parsed.minimumSplitSize { request.minimumSplitSize = split }
            request.connectionCount = parsed.connectionCount ?? globals.connectionCount
            request.mirrors = Array(urls.dropFirst())
            request.takesUpSameDownload = false  // a download of its own, as each aria2.addUri
            request.expectedLength = file.size
            request.pieceHashes = file.pieceHashes
            // A file the document puts in a directory of its own keeps it.
            if !file.name.contains("/") { request.folderRules = rules }
            requests.append(request)
        }
        var gids: [GID] = []
        for (offset, request) in requests.enumerated() {
            let id = try await perform { try await manager.add(request, paused: parsed.paused) }
            if let position = command.position {
                try await place(id.rawValue, at: Aria2Queue.saturatingSum(position, offset))  // any Int64 from the client
            }
            gids.append(GID(id))
        }
        return gids
    }
}
