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
    package func add(_ command: AddMetalink) async throws(CommandRefusal) -> [GID] {
        let requests = try metalinkRequests(command)
        let parsed = command.options
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

    /// The requests of `command`'s document (`DownloadPlan.MetalinkFiles`), each with the options of an `addUri`
    /// of its first source that apply to several files (`addedRequest`: not `out`, `checksum`, the piece order or
    /// the HLS choices); their directories made.
    package func metalinkRequests(_ command: AddMetalink) throws(CommandRefusal) -> [DownloadRequest] {
        let metalink: Metalink
        do {
            metalink = try Metalink.parse([UInt8](command.document))
        } catch {
            throw CommandRefusal("aria2.addMetalink: \(error)")
        }
        let parsed = command.options
        try checkAddOptions(parsed)
        let directory = try checkedDirectory(parsed.directory)
        let files = DownloadPlan.MetalinkFiles(
            metalink, directory: directory, folderRules: try folderRules(for: parsed, directory: directory), unusableSources: .skipped)
        do {
            return try files.requestsMakingDirectories { url in
                addedRequest(url, destination: directory, parsed, headers: requestHeaders(parsed, for: url))  // the plan names the file
            }
        } catch let error as HaulError {
            throw CommandRefusal(error.kind == .io ? error.message : "aria2.addMetalink: \(error.message)")
        } catch {
            throw CommandRefusal("aria2.addMetalink: \(error)")
        }
    }
}
