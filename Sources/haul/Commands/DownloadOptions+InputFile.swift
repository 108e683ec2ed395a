import Foundation
import HaulCore
import HaulKit

/// What every request of an input list shares: where files go, the command line's headers, cookies and rules.
struct ListContext {
    var directory: String
    var headers: [DownloadRequest.Header]
    var cookies: [Cookie]
    var rules: FolderRules?
    var absolute: (String) -> String
    /// Directories made for the list so far (a bounded memory of them: one `mkdir -p` per new directory).
    let madeParents = MadeParents()

    final class MadeParents {
        private var seen: Set<String> = []

        /// Whether `parent` may not have been made yet; remembers it (forgetting all after 4,096 of them).
        func isNew(_ parent: String) -> Bool {
            if seen.count >= 4096 { seen = [] }
            return seen.insert(parent).inserted
        }
    }
}

/// A `-i` list for one command: read as the queue drains (`InputListFeed`), or, when a checksum list is to be read
/// for its entries (`--checksum-file`, `checksum-file=`, `--find-checksum`), read whole, as those lists are
/// looked up before any download starts.
final class InputList: RequestFeed {
    let feed: InputListFeed
    /// Set by `prepare` when the list is read all at once.
    private(set) var isWhole = false
    private var make: ((InputFileEntry) throws -> DownloadRequest)?

    init(_ feed: InputListFeed) {
        self.feed = feed
    }

    var remaining: Int { feed.remaining }

    /// Checks every entry of the list as a request (without keeping any); prints the list's warnings when it is
    /// read as the queue drains, and returns whether it is (see the type).
    /// - Throws: `.usage` naming the line for the first entry that is wrong.
    func prepare(_ options: DownloadOptions, context: ListContext) throws -> Bool {
        var sources = false
        let (_, warnings) = try feed.check { entry in
            let (_, source) = try options.inputRequest(entry, list: feed.name, context: context)
            if source != nil { sources = true }
        }
        isWhole = sources
        if isWhole { return false }
        for warning in warnings { Terminal.writeError("haul: \(feed.name): \(warning)\n") }
        make = { try options.inputRequest($0, list: self.feed.name, context: context).0 }
        return true
    }

    func next(_ most: Int) throws -> [DownloadRequest] {
        guard let make else { return [] }
        return try feed.nextEntries(most).map(make)
    }
}

extension DownloadOptions {
    /// The request for one entry of the input list `list`, and the checksum list to look its digest up in, if
    /// any (its `checksum-file=`, else `--checksum-file`); its directory made.
    /// - Throws: `.usage` naming the line for an option that cannot be used; `.io` for a directory that cannot be
    ///   made.
    func inputRequest(_ entry: InputFileEntry, list: String, context: ListContext) throws -> (DownloadRequest, String?) {
        let options = entry.options
        let absolute = context.absolute
        let directory = context.directory
        let entryDirectory = options.dir.map { absolute($0.hasPrefix("/") ? $0 : directory + "/" + $0) } ?? directory
        var request = try makeRequest(
            entry.url, directory: entryDirectory, headers: context.headers, absolute: absolute, context: "\(list) line \(entry.line)")
        if let out = options.out {
            if DownloadPlan.refusal(ofName: out, bare: false) == .standardOutput { throw HaulError(.usage, "\(list) line \(entry.line): out=- (standard output) is not supported; give a file name") }
            request.destinationPath = absolute(DownloadPlan.destination(of: request.url, in: entryDirectory, name: out))
        }
        if let connections = options.connections { ConnectionCount.fixed(connections).clamped.apply(to: &request) }
        request.onConflict = options.conflictPolicy(fallback: conflictPolicy)
        if let checksum = options.checksum {
            do { request.checksum = try Checksum(parsing: checksum) } catch {
                throw HaulError(.usage, "\(list) line \(entry.line): \(error)")
            }
        }
        var source: String?
        if let file = options.checksumFile {
            if options.checksum != nil {
                throw HaulError(.usage, "\(list) line \(entry.line): give checksum= or checksum-file=, not both")
            }
            if let problem = ChecksumFiles.problem(with: file) {
                throw HaulError(.usage, "\(list) line \(entry.line): \(problem)")
            }
            source = file
        } else if let checksumFile, options.checksum == nil {
            source = checksumFile
        }
        if DownloadPlan.followsFolderRules(directoryChosen: options.dir != nil, name: options.out) { request.folderRules = context.rules }
        request.headers += options.headers.map { DownloadRequest.Header(name: $0.name, value: $0.value) }
        // The line's mirrors (its TAB-separated URLs), the command's cookies and HLS choice, as `DownloadPlan`
        // decides them: a line's playlist is saved by the queue's stream transfer, from its request's choice.
        cookieOptions.apply(to: &request, loaded: context.cookies, mirrors: entry.mirrors, hls: hlsChoice)
        // Once per directory: a list of many files into one directory asked Foundation for it file by file.
        let parent = (request.destinationPath as NSString).deletingLastPathComponent
        if context.madeParents.isNew(parent) { try DownloadPlan.createParent(of: request.destinationPath) }
        return (request.placedByFolderRules(), source)
    }
}
