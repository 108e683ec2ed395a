import ArgumentParser
import Foundation
import HaulArchive
import HaulCore
import HaulKit

/// Running a download line: the URLs checked, the requests made (with `-i`, `--metalink`, checksum lists), the
/// client and the session that runs them. The same whichever reader filled the options.
extension DownloadOptions {
    /// The URLs are checked when the command runs, not in `validate()`: ArgumentParser validates before it
    /// reports unknown options, and the value of an unknown option (`--foo-bar 2`) lands among the URLs, so
    /// `'2' is not an http or https URL` would hide the real mistake.
    ///
    /// - Returns: the URLs to fetch: one without a scheme (`example.com/file.iso`) is taken as `http://`, as curl and
    ///   wget do, and a note says so once.
    private func checkedURLs() throws -> [String] {
        var checked: [String] = []
        for url in urls {
            // `haul -q resume 1`: a subcommand is only recognised as the first word (a leading `--state-dir` alone is
            // moved after it: LeadingStateDirectory).
            if let subcommand = HaulCommand.configuration.subcommands.first(where: { $0._commandName == url }) {
                throw ValidationError("'\(url)' is a subcommand: put it first, as in 'haul \(subcommand._commandName) ...'")
            }
            if OptionChecks.isWebURL(url) {
                checked.append(url)
            } else if let assumed = Self.assumingHTTP(url) {
                Terminal.writeError("haul: note: '\(url)' has no scheme; using \(assumed)\n")
                checked.append(assumed)
            } else if let suggestion = HaulCommand.suggestedSubcommand(for: url) {
                throw ValidationError("'\(url)' is neither a URL nor a subcommand; did you mean '\(suggestion)'?")
            } else {
                throw OptionChecks.notWebURL(url)
            }
        }
        return checked
    }

    /// `http://` + `word` when `word` has no scheme and begins with a host name: one with a dot
    /// (`example.com/file.iso`), `localhost`, or an address with a port (`10.0.0.5:8080/x`). A bare word (`lsit`)
    /// is not taken for a host.
    static func assumingHTTP(_ word: String) -> String? {
        guard !word.contains("://"), let first = word.unicodeScalars.first,
            CharacterSet.alphanumerics.contains(first) || first == "["
        else { return nil }
        let host = word.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        guard host.contains(".") || host.contains(":") || host.lowercased() == "localhost",
            !word.contains(where: \.isWhitespace)
        else { return nil }
        let candidate = "http://" + word
        guard let parsed = URL(string: candidate), parsed.host?.isEmpty == false else { return nil }
        return candidate
    }

    /// Downloads what the line asks, with the start-up work begun before it was read (`early`), if any.
    func run(early: EarlyStart? = nil) async throws {
        var command = self
        command.urls = try checkedURLs()
        try await command.download(early: early ?? EarlyStart(stateDirectory: nil))
    }

    private func download(early: EarlyStart) async throws {
        let configuration = try transfer.configuration(
            stateDirectory: stateDirectory ?? ProcessEnvironment.defaultStateDirectory,
            redirectPolicy: RedirectPolicy(maximumRedirects: maxRedirects, allowsInsecureDowngrade: allowInsecureRedirect),
            userAgent: userAgent
        )
        // A list is read as the queue drains, unless checksum lists are to be looked up for it (`InputList`).
        let list = try inputFile.flatMap { checksumFile == nil && !findsChecksum ? InputList(try InputListFeed($0)) : nil }
        var (requests, checksumSources) = try makeRequests(list: list)
        let feed: InputList? = list?.isWhole == false ? list : nil
        let client = try early.client(
            configuration: configuration, sendingFirst: headStart(requests, checksumSources: checksumSources))
        if hlsList {
            var code = await streamRunner(client: client).list(requests.prefix(urls.count).map(\.url))
            code = await client.shutdown(endingWith: code)
            if code != ExitCodes.success { throw ExitCode(code) }
            return
        }
        do {
            if !noFollowMetalink && output == nil { try await followMetalinks(&requests, checksumSources: &checksumSources, client: client) }
            var lists = ChecksumFiles(client: client)
            for (index, source) in checksumSources.sorted(by: { $0.key < $1.key }) {
                requests[index].checksum = try await lists.checksum(for: requests[index], source: source)
            }
            if findsChecksum {
                for index in requests.indices where requests[index].checksum == nil {
                    requests[index].checksum = try await lists.discover(for: requests[index], required: requireChecksum)
                }
            }
        } catch {
            await client.shutdownAfterFailure()
            throw error
        }
        let extraction = (extract || extractTo != nil)
            ? DownloadSession.Extraction(directory: extractTo, limits: limitOptions.limits, overwrite: conflictPolicy == .overwrite)
            : nil
        func session() -> DownloadSession {
            DownloadSession(
                client: client, mode: progressOptions.mode, limits: queueOptions.limits(connectionsPerDownload: connections.most),
                globalRate: queueOptions.globalRate, extraction: extraction, hooks: hookOptions.runner(),
                skipsTakenDestinations: onConflict == .skip && !overwrite, speedSchedule: queueOptions.schedule,
                queueSchedule: queueOptions.queueWindows
            )
        }
        // HLS playlists named by URL arguments are streams saved as one file each (StreamRunner, docs/hls.md). A URL
        // argument of another ending that turns out to be a playlist is run by StreamRunner too, after the files
        // (`playlistsSavedAsFiles`: its variant, audio, `--hls-duration` and keys), so the engine keeps its text.
        let streams = requests.prefix(urls.count).filter(\.isStream)
        for index in requests.indices.prefix(urls.count) where !requests[index].isStream {
            requests[index].savesPlaylistAsStream = false
        }
        var code = ExitCodes.success
        if !streams.isEmpty {
            requests.removeAll { request in streams.contains { $0.url == request.url && $0.destinationPath == request.destinationPath } }
            var runner = streamRunner(client: client)
            runner.readsKeys = requests.isEmpty && feed == nil  // else the session after it reads the keys
            code = await runner.run(streams, output: output)
        }
        if !requests.isEmpty || feed != nil {
            let filesCode = await session().run(requests: requests, feed: feed)
            if code == ExitCodes.success { code = filesCode }
        }
        if code == ExitCodes.success {
            let playlists = playlistsSavedAsFiles(requests)
            if !playlists.isEmpty { code = await streamRunner(client: client).run(playlists, output: output) }
        }
        if code == ExitCodes.success, !noFollowMetalink, output == nil {
            let documents = await documentsSavedAsFiles(requests, client: client)
            if !documents.isEmpty { code = await session().run(requests: documents) }
        }
        code = await client.shutdown(endingWith: code)
        // Held to the exit, never released: the command ends here, its log is flushed, and releasing the client
        // would only close the state database (GRDB's queue finalising its statements, an observer removed), which
        // the process's exit does as surely. 1.6 % of a 1 KiB download's wall (docs/history/benchmarks-rounds.md,
        // Round 21).
        _ = Unmanaged.passRetained(client)
        KeyReader.current?.stop()
        if code != ExitCodes.success { throw ExitCode(code) }
    }

    /// An HLS stream's segments at once: `-x N`, or the automatic ceiling (the host budget) when not given or auto
    /// (docs/hls.md, "The download").
    var segmentsAtOnce: Int { (transfer.connections ?? .default).most }

    /// `--hls-variant` and `--hls-audio` as `DownloadPlan` reads them, as `haul add` and the daemon's adds do.
    var hlsChoice: DownloadPlan.HLSChoice {
        DownloadPlan.HLSChoice(variant: hlsVariant.flatMap(HLSVariantChoice.init), audioLanguage: hlsAudio)
    }

    /// The runner of the line's HLS streams.
    private func streamRunner(client: HaulClient) -> StreamRunner {
        StreamRunner(client: client, mode: progressOptions.mode, variant: hlsChoice.variant, audioLanguage: hlsChoice.audioLanguage,
                     segmentsAtOnce: segmentsAtOnce, recordingLimit: hlsDuration.flatMap(DurationText.parse))
    }

    /// The downloads that start at once, whose first request may leave while the store opens
    /// (`EarlyStart.client(configuration:sendingFirst:)`). None when a checksum list is read first: a list without the
    /// file's entry exits 2 before anything of the file is asked for. Not a URL that may name a Metalink document
    /// to follow: its GET is the document's, not a download's.
    private func headStart(_ requests: [DownloadRequest], checksumSources: [Int: String]) -> [DownloadRequest] {
        guard checksumSources.isEmpty, !findsChecksum else { return [] }
        let follows = !noFollowMetalink && output == nil
        return Array(requests.prefix(queueOptions.maxConcurrent).filter {
            !(follows && MetalinkFile.mayBeDocument($0.url)) && !HLSPlaylist.hasPlaylistExtension($0.url)
        })
    }

    /// The library's policy for `--on-conflict` (`skip` is `fail` there: the refusal is reported as skipped) and
    /// `--overwrite`.
    var conflictPolicy: ConflictPolicy {
        if overwrite { return .overwrite }
        switch onConflict {
        case .rename: return .rename
        case .overwrite: return .overwrite
        case .skip, .fail: return .fail
        }
    }

    /// Connections per file: `-x`, else `TransferOptions.defaultConnections` (auto).
    private var connections: ConnectionCount { transfer.connections ?? TransferOptions.defaultConnections }

    /// The requests, and for those whose digest comes from a checksum list, the list's path or URL by index.
    ///
    /// - Parameter list: the `-i` list already opened and checked; unless it is read whole (`isWhole`), its
    ///   entries are left to it (read as the queue drains) and none is among the requests returned.
    func makeRequests(list: InputList? = nil) throws -> ([DownloadRequest], [Int: String]) {
        // Absolute paths: the record is found again by its .part path, whatever directory the next run starts in.
        let workingDirectory = FileManager.default.currentDirectoryPath
        func absolute(_ path: String) -> String {
            let full = path.hasPrefix("/") ? path : workingDirectory + "/" + path
            return (full as NSString).standardizingPath
        }
        let directory = absolute(self.directory ?? workingDirectory)
        if self.directory != nil { try DownloadPlan.createDirectory(atPath: directory) }
        let parsedHeaders = headers.map(DownloadRequest.Header.init(option:))
        let loadedCookies = try cookieOptions.loadedCookies()
        // A rule fills in a directory where none is given: `-d` gives every file of the line its own.
        let rules = try self.directory == nil ? ruleSet() : nil
        let target = output.map { OutputTarget.lookingUp($0, below: directory, absolute: absolute) }
        var requests = try urls.map {
            try makeRequest($0, directory: directory, output: target, headers: parsedHeaders, absolute: absolute)
        }
        // `-o sub/name` makes `sub` as `-d` and an input file's `out=` do (aria2c does; curl wants --create-dirs);
        // `-o sub/` makes `sub` (`OutputTarget`).
        if output != nil { for request in requests { try DownloadPlan.createParent(of: request.destinationPath) } }
        for index in requests.indices {
            cookieOptions.apply(to: &requests[index], loaded: loadedCookies, mirrors: mirrors, hls: hlsChoice)
            // A directory given with `-o` is where the file goes, as with `-d`: no rule moves it.
            let chosen = self.directory != nil || (target?.isDirectory ?? false)
            if DownloadPlan.followsFolderRules(directoryChosen: chosen, name: output) { requests[index].folderRules = rules }
        }
        var checksumSources: [Int: String] = [:]
        if let checksumFile { for index in requests.indices { checksumSources[index] = checksumFile } }
        if let inputFile {
            let context = ListContext(
                directory: directory, headers: parsedHeaders, cookies: loadedCookies, rules: rules, absolute: absolute)
            if let list, try list.prepare(self, context: context) {
                // The state database's caches bounded, as the list is: they grew with its database (StoreMemory).
                StoreMemory.limit(toBytes: StoreMemory.listLimit)
                // The first window now (their requests may leave while the store opens); the rest as the queue drains.
                requests += try list.next(ListWindow(maxConcurrent: queueOptions.maxConcurrent).capacity)
            } else {
                for entry in try readInputFile(inputFile, list: list).entries {
                    let (request, source) = try inputRequest(entry, list: inputFile, context: context)
                    if let source { checksumSources[requests.count] = source }
                    requests.append(request)
                }
            }
        }
        if let metalink {
            requests += try metalinkRequests(for: MetalinkFile.read(metalink), directory: directory, headers: parsedHeaders, cookies: loadedCookies, absolute: absolute)
        }
        // Where the rules send each file by its name: the paths shown, resumed and checked from here on.
        return (requests.map { $0.placedByFolderRules() }, checksumSources)
    }

    /// One request per file of a Metalink document (`DownloadPlan.MetalinkFiles`), each with the options of a URL
    /// argument and the cookies; its directory made. The first source must be a URL (as a URL argument must).
    /// `absolute`: what each file's path becomes (`--metalink`'s resolves symbolic links, as it always has).
    func metalinkRequests(
        for document: Metalink, directory: String, headers parsedHeaders: [DownloadRequest.Header], cookies loadedCookies: [Cookie],
        absolute: (String) -> String = { $0 }
    ) throws -> [DownloadRequest] {
        let files = DownloadPlan.MetalinkFiles(
            document, directory: directory, folderRules: self.directory == nil ? try ruleSet() : nil, unusableSources: .firstRequired)
        return try files.requestsMakingDirectories { url in
            var request = makeRequest(url, directory: directory, headers: parsedHeaders)
            cookieOptions.apply(to: &request, loaded: loadedCookies, hls: hlsChoice)
            return request
        }.map { request in
            var request = request
            request.destinationPath = absolute(request.destinationPath)
            return request.placedByFolderRules()
        }
    }

    private func readInputFile(_ path: String, list: InputList?) throws -> InputFile {
        let text: String
        if let list {
            text = try list.feed.wholeText()
        } else {
            let data: Data?
            if path == "-" {
                data = FileHandle.standardInput.readDataToEndOfFile()
            } else {
                data = FileManager.default.contents(atPath: path)
            }
            guard let data else { throw HaulError(.usage, "cannot read the input file \(path)") }
            text = String(decoding: data, as: UTF8.self)
        }
        let parsed: InputFile
        do {
            parsed = try InputFile.parse(text)
        } catch {
            throw HaulError(.usage, "\(path): \(error)")
        }
        for warning in parsed.warnings { Terminal.writeError("haul: \(path): \(warning)\n") }
        return parsed
    }

    /// The request for the URL `text`, saved under `directory`, or where `output` (`-o`) says.
    /// - Parameter context: What a refusal of `text` names first (an `-i` list's name and line).
    /// - Throws: `.usage` with `DownloadURLRule`'s sentence for a text that is not a URL Haul downloads.
    func makeRequest(
        _ text: String, directory: String, output: OutputTarget? = nil, headers parsedHeaders: [DownloadRequest.Header],
        absolute: (String) -> String, context: String? = nil
    ) throws -> DownloadRequest {
        guard let url = DownloadURLRule.url(text) else {
            let refusal = DownloadURLRule.refusal(of: text) ?? "'\(text)' is not an http or https URL"
            throw HaulError(.usage, (context.map { $0 + ": " } ?? "") + refusal)
        }
        var request = makeRequest(url, directory: directory, output: output, headers: parsedHeaders)
        do { request.checksum = try givenChecksum.map(Checksum.init(parsing:)) } catch {
            throw HaulError(.usage, "--checksum: \(error)")
        }
        return request
    }

    /// The request for `url` (its checksum left to the caller), saved under `directory`, or where `output` says.
    func makeRequest(_ url: URL, directory: String, output: OutputTarget? = nil, headers parsedHeaders: [DownloadRequest.Header]) -> DownloadRequest {
        var request = DownloadPlan.request(
            url, destination: DownloadPlan.destination(of: url, in: directory, output: output), headers: parsedHeaders,
            onConflict: conflictPolicy, rate: transfer.rate, connections: connections,
            minimumSplitSize: ByteCount.parse(minSplitSize) ?? 4 << 20,
            nameFromContentDisposition: remoteName && (output?.isDirectory ?? true)
        )
        request.inOrder = inOrder
        return request
    }
}
