import ArgumentParser
import Foundation
import HaulArchive
import HaulCore
import HaulKit

/// `haul [options] URL...`: download files.
///
/// Short options that take a value also take it joined, as aria2c and curl do: `-x16`, `-j4`, `-ofile`, `-d/dir`.
struct DownloadCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "get",
        abstract: "Download one or more URLs (the default command: 'haul URL' is 'haul get URL')."
    )

    @Argument(help: "The http or https URLs to download.")
    var urls: [String] = []

    @Option(name: [.customShort("i", allowingJoined: true), .customLong("input-file")], help: "Read URLs from FILE ('-' for standard input), aria2c style: one URL per line, then indented key=value options for it (out, dir, checksum, checksum-file, connections/split, header); '#' starts a comment.")
    var inputFile: String?

    @Option(name: [.customShort("o", allowingJoined: true), .customLong("output")], help: "Save to FILE (only with a single URL; not '-': haul does not stream to standard output).")
    var output: String?

    @Option(name: [.customShort("d", allowingJoined: true), .customLong("dir")], help: "Save into DIR (created if missing). Default: the current directory.")
    var directory: String?

    @OptionGroup var progressOptions: ProgressOptions

    /// Untitled, so that these come among the first options of `haul --help` (a titled group is listed before
    /// the plain options, and `-o`, `-d` belong first); `haul resume` shows the same group under a title.
    @OptionGroup var transfer: TransferOptions

    @Option(name: [.customShort("H", allowingJoined: true), .customLong("header")], help: "Extra request header 'Name: value' (repeatable). Authorization and Cookie are dropped when a redirect leaves the origin.")
    var headers: [String] = []

    @Option(name: .customLong("user-agent"), help: "The User-Agent header.")
    var userAgent: String?

    @Flag(name: [.customShort("J"), .customLong("remote-name"), .customLong("remote-header-name")], help: "Name the file after the server's Content-Disposition (sanitised: a bare name, never an existing file).")
    var remoteName = false

    @Flag(name: .customLong("overwrite"), help: "Replace an existing file at the destination, or download a completed one again (--on-conflict overwrite).")
    var overwrite = false

    @Option(name: .customLong("on-conflict"), help: "When the destination is taken by a file or by another unfinished download: rename (save as NAME.1.EXT, as aria2c and wget do), skip, overwrite (files only: another download is never replaced) or fail (exit 6). The same URL to the same name resumes, or is skipped as already complete.")
    var onConflict: OnConflict = .rename

    @Option(name: .customLong("state-dir"), help: "Where the download database lives. Default: $HAUL_STATE_DIR, else $XDG_STATE_HOME/haul, else ~/.local/state/haul.")
    var stateDirectory: String?

    @Option(name: .customLong("min-split-size"), help: "The smallest piece the first plan splits a file into: bytes, or with a K, M or G suffix (binary). A connection that has finished its range cuts down to 1 MiB, or to this size if smaller.")
    var minSplitSize = "4M"

    @Flag(name: [.customShort("c"), .customLong("continue")], help: "Accepted for wget/aria2c habits; resuming is always on.")
    var continueFlag = false

    @Option(name: .customLong("checksum"), help: "Expected digest ALGORITHM=HEX (md5, sha1, sha256, sha512); only with a single URL. A mismatch exits 8 and keeps nothing.")
    var checksum: String?

    @Option(name: .customLong("checksum-file"), help: "Take the expected digest from a checksum list (SHA256SUMS, *.sha256, MD5SUMS; GNU or BSD lines), a PATH or an http(s) URL: the entry for the file's name. No entry exits 2 before anything is downloaded; a mismatch exits 8 and keeps nothing.")
    var checksumFile: String?

    @Flag(name: .customLong("extract"), help: "Unpack the downloaded zip after it completes and verifies (into a directory named after it, or --extract-to).")
    var extract = false

    @Option(name: .customLong("extract-to"), help: "Unpack the downloaded zip into DIR (implies --extract).")
    var extractTo: String?

    @OptionGroup var limitOptions: ExtractionLimitOptions

    @OptionGroup var queueOptions: QueueOptions

    @OptionGroup(title: "Hooks") var hookOptions: HookOptions

    @OptionGroup(title: "Cookies and referer") var cookieOptions: CookieOptions

    @Option(name: .customLong("metalink"), help: ArgumentHelp("Download the files a Metalink v4 document (.meta4) lists: each under its name below -d, from its http(s) sources as mirrors, checked against its strongest whole-file hash (a mismatch exits 8 and keeps nothing).", valueName: "FILE"))
    var metalink: String?

    @Flag(name: .customLong("no-follow-metalink"), help: "Save a .meta4/.metalink URL answered as application/metalink4+xml as the document itself, instead of downloading the files it lists (aria2c's --follow-metalink=false).")
    var noFollowMetalink = false

    @Option(name: .customLong("mirror"), help: ArgumentHelp("Another source of the same file (repeatable; only with a single URL): connections spread over the URL and its mirrors and move toward the fast ones; a mirror that fails, crawls or serves another file (another length, a changed validator) is dropped and said so. In an input file, TAB-separated URLs on one line are mirrors.", valueName: "URL"))
    var mirrors: [String] = []

    @Option(name: .customLong("max-redirects"), help: "The longest redirect chain followed.")
    var maxRedirects = 10

    @Flag(name: .customLong("allow-insecure-redirect"), help: "Follow redirects from https to plain http (refused by default).")
    var allowInsecureRedirect = false


    func validate() throws {
        if urls.isEmpty && inputFile == nil && metalink == nil { throw ValidationError("give at least one URL, or -i FILE, or --metalink FILE") }
        if output != nil && (urls.count > 1 || inputFile != nil || metalink != nil) {
            throw ValidationError("-o/--output takes a single URL; use -d/--dir for several, or out= in an input file")
        }
        // curl's `-o -` streams to standard output. A stream cannot be resumed, split over connections, or kept
        // out of sight until it is complete and verified, which is what haul is for; so it is refused rather than
        // saved as a file named "-".
        if output == "-" {
            throw ValidationError("-o - (standard output) is not supported: haul saves files it can resume and verify; give a file name, then read the file")
        }
        if !mirrors.isEmpty && (urls.count != 1 || inputFile != nil) {
            throw ValidationError("--mirror takes a single URL; in an input file, put mirrors on the URL's line, TAB-separated")
        }
        for mirror in mirrors {
            guard let parsed = URL(string: mirror), ["http", "https"].contains(parsed.scheme?.lowercased() ?? ""), parsed.host?.isEmpty == false else {
                throw ValidationError("--mirror '\(mirror)' is not an http or https URL")
            }
        }
        if metalink != nil && (checksum != nil || checksumFile != nil) {
            throw ValidationError("with --metalink, the Metalink's own hashes are the checksums: drop --checksum/--checksum-file")
        }
        if checksum != nil && inputFile != nil { throw ValidationError("with -i, give checksums per URL (checksum=ALGO=HEX)") }
        if checksum != nil && checksumFile != nil { throw ValidationError("give --checksum or --checksum-file, not both") }
        if let checksumFile, let problem = ChecksumFiles.problem(with: checksumFile) { throw ValidationError(problem) }
        if overwrite, onConflict != .rename, onConflict != .overwrite {
            throw ValidationError("--overwrite is --on-conflict overwrite: give one of them")
        }
        if maxRedirects < 0 { throw ValidationError("--max-redirects must be 0 or more") }
        if let checksum {
            if urls.count > 1 { throw ValidationError("--checksum takes a single URL") }
            do { _ = try Checksum(parsing: checksum) } catch { throw ValidationError("--checksum: \(error)") }
        }
        guard let split = ByteCount.parse(minSplitSize), split >= 64 << 10 else {
            throw ValidationError("--min-split-size must be a size of at least 64K, like 1M or 4M")
        }
        _ = split
        for header in headers where !header.contains(":") {
            throw ValidationError("header '\(header)' is not of the form 'Name: value'")
        }
    }

    /// The URLs are checked when the command runs, not in `validate()`: ArgumentParser validates before it
    /// reports unknown options, and the value of an unknown option (`--foo-bar 2`) lands among the URLs, so
    /// `'2' is not an http or https URL` would hide the real mistake.
    ///
    /// - Returns: the URLs to fetch: one without a scheme (`example.com/file.iso`) is taken as `http://`, as curl and
    ///   wget do, and a note says so once.
    private func checkedURLs() throws -> [String] {
        var checked: [String] = []
        for url in urls {
            // `haul --state-dir S resume 1`: a subcommand is only recognised as the first word.
            if let subcommand = HaulCommand.configuration.subcommands.first(where: { $0._commandName == url }) {
                throw ValidationError("'\(url)' is a subcommand: put it first, as in 'haul \(subcommand._commandName) ...'")
            }
            if let parsed = URL(string: url), let scheme = parsed.scheme?.lowercased(),
                scheme == "http" || scheme == "https", parsed.host?.isEmpty == false
            {
                checked.append(url)
            } else if let assumed = Self.assumingHTTP(url) {
                Terminal.writeError("haul: note: '\(url)' has no scheme; using \(assumed)\n")
                checked.append(assumed)
            } else if let suggestion = HaulCommand.suggestedSubcommand(for: url) {
                throw ValidationError("'\(url)' is neither a URL nor a subcommand; did you mean '\(suggestion)'?")
            } else {
                throw ValidationError("'\(url)' is not an http or https URL")
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

    func run() async throws {
        var command = self
        command.urls = try checkedURLs()
        try await command.download()
    }

    private func download() async throws {
        let configuration = try transfer.configuration(
            stateDirectory: stateDirectory ?? ProcessEnvironment.defaultStateDirectory,
            redirectPolicy: RedirectPolicy(maximumRedirects: maxRedirects, allowsInsecureDowngrade: allowInsecureRedirect),
            userAgent: userAgent
        )
        var (requests, checksumSources) = try makeRequests()
        let early = headStart(requests, checksumSources: checksumSources)
        let client = try HaulClient(configuration: configuration, headStart: early)
        do {
            if !noFollowMetalink && output == nil { try await followMetalinks(&requests, checksumSources: &checksumSources, client: client) }
            var lists = ChecksumFiles(client: client)
            for (index, source) in checksumSources.sorted(by: { $0.key < $1.key }) {
                requests[index].checksum = try await lists.checksum(for: requests[index], source: source)
            }
        } catch {
            await client.shutdown()
            throw error
        }
        let extraction = (extract || extractTo != nil)
            ? DownloadSession.Extraction(directory: extractTo, limits: limitOptions.limits, overwrite: conflictPolicy == .overwrite)
            : nil
        func session() -> DownloadSession {
            DownloadSession(
                client: client, mode: progressOptions.mode, limits: queueOptions.limits(connectionsPerDownload: connections),
                globalRate: queueOptions.globalRate, extraction: extraction, hooks: hookOptions.runner(),
                skipsTakenDestinations: onConflict == .skip && !overwrite
            )
        }
        var code = await session().run(requests: requests)
        if code == ExitCodes.success, !noFollowMetalink, output == nil {
            let documents = await documentsSavedAsFiles(requests, client: client)
            if !documents.isEmpty { code = await session().run(requests: documents) }
        }
        await client.shutdown()
        KeyReader.current?.stop()
        if code != ExitCodes.success { throw ExitCode(code) }
    }

    /// The downloads that start at once, whose first request may leave while the store opens
    /// (`HaulClient.init(configuration:headStart:)`). None when a checksum list is read first: a list without the
    /// file's entry exits 2 before anything of the file is asked for. Not a URL that may name a Metalink document
    /// to follow: its GET is the document's, not a download's.
    private func headStart(_ requests: [DownloadRequest], checksumSources: [Int: String]) -> [DownloadRequest] {
        guard checksumSources.isEmpty else { return [] }
        let follows = !noFollowMetalink && output == nil
        return Array(requests.prefix(queueOptions.maxConcurrent).filter { !(follows && MetalinkFile.mayBeDocument($0.url)) })
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

    /// Connections per file: `-x`, else 8.
    private var connections: Int { transfer.connections ?? 8 }

    /// The requests, and for those whose digest comes from a checksum list, the list's path or URL by index.
    private func makeRequests() throws -> ([DownloadRequest], [Int: String]) {
        // Absolute paths: the record is found again by its .part path, whatever directory the next run starts in.
        let workingDirectory = FileManager.default.currentDirectoryPath
        func absolute(_ path: String) -> String {
            let full = path.hasPrefix("/") ? path : workingDirectory + "/" + path
            return (full as NSString).standardizingPath
        }
        let directory = absolute(self.directory ?? workingDirectory)
        if self.directory != nil {
            do {
                try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            } catch {
                throw HaulError(.io, "cannot create directory \(directory): \(error.localizedDescription)")
            }
        }
        let parsedHeaders = headers.map { line -> DownloadRequest.Header in
            let colon = line.firstIndex(of: ":")!
            return DownloadRequest.Header(
                name: line[..<colon].trimmingCharacters(in: .whitespaces),
                value: line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            )
        }
        let loadedCookies = try cookieOptions.loadedCookies()
        var requests = try urls.map { try makeRequest($0, directory: directory, headers: parsedHeaders, absolute: absolute) }
        for index in requests.indices {
            cookieOptions.apply(to: &requests[index], loaded: loadedCookies)
            requests[index].mirrors = mirrors.compactMap(URL.init(string:))
        }
        var checksumSources: [Int: String] = [:]
        if let checksumFile { for index in requests.indices { checksumSources[index] = checksumFile } }
        if let inputFile {
            for entry in try readInputFile(inputFile).entries {
                let options = entry.options
                let entryDirectory = options.dir.map { absolute($0.hasPrefix("/") ? $0 : directory + "/" + $0) } ?? directory
                var request = try makeRequest(entry.url, directory: entryDirectory, headers: parsedHeaders, absolute: absolute)
                request.mirrors = entry.mirrors.compactMap(URL.init(string:))
                if let out = options.out {
                    if out == "-" { throw HaulError(.usage, "\(inputFile) line \(entry.line): out=- (standard output) is not supported; give a file name") }
                    request.destinationPath = absolute(entryDirectory + "/" + out)
                }
                if let connections = options.connections { request.connections = min(max(1, connections), 32) }
                request.onConflict = options.conflictPolicy(fallback: conflictPolicy)
                if let checksum = options.checksum {
                    do { request.checksum = try Checksum(parsing: checksum) } catch {
                        throw HaulError(.usage, "\(inputFile) line \(entry.line): \(error)")
                    }
                }
                if let source = options.checksumFile {
                    if options.checksum != nil {
                        throw HaulError(.usage, "\(inputFile) line \(entry.line): give checksum= or checksum-file=, not both")
                    }
                    if let problem = ChecksumFiles.problem(with: source) {
                        throw HaulError(.usage, "\(inputFile) line \(entry.line): \(problem)")
                    }
                    checksumSources[requests.count] = source
                } else if let checksumFile, options.checksum == nil {
                    checksumSources[requests.count] = checksumFile
                }
                request.headers += options.headers.map { DownloadRequest.Header(name: $0.name, value: $0.value) }
                cookieOptions.apply(to: &request, loaded: loadedCookies)
                try Self.createParent(of: request.destinationPath)
                requests.append(request)
            }
        }
        if let metalink {
            requests += try metalinkRequests(for: MetalinkFile.read(metalink), directory: directory, headers: parsedHeaders, cookies: loadedCookies, absolute: absolute)
        }
        return (requests, checksumSources)
    }

    /// One request per file of a Metalink document: its sources by priority as URL and mirrors, its size, its
    /// strongest hash and its piece hashes.
    func metalinkRequests(
        for document: Metalink, directory: String, headers parsedHeaders: [DownloadRequest.Header], cookies loadedCookies: [Cookie],
        absolute: (String) -> String
    ) throws -> [DownloadRequest] {
        try document.files.map { file in
            var request = try makeRequest(file.sources[0].url, directory: directory, headers: parsedHeaders, absolute: absolute)
            request.destinationPath = absolute(directory + "/" + file.name)
            request.mirrors = file.sources.dropFirst().compactMap { URL(string: $0.url) }
            do { request.checksum = try file.hash.map { try Checksum(parsing: $0.checksum) } } catch {
                throw HaulError(.usage, "Metalink \(file.name): \(error)")
            }
            request.expectedLength = file.size
            request.pieceHashes = file.pieceHashes
            cookieOptions.apply(to: &request, loaded: loadedCookies)
            try Self.createParent(of: request.destinationPath)
            return request
        }
    }


    private func readInputFile(_ path: String) throws -> InputFile {
        let data: Data?
        if path == "-" {
            data = FileHandle.standardInput.readDataToEndOfFile()
        } else {
            data = FileManager.default.contents(atPath: path)
        }
        guard let data else { throw HaulError(.usage, "cannot read the input file \(path)") }
        let parsed: InputFile
        do {
            parsed = try InputFile.parse(String(decoding: data, as: UTF8.self))
        } catch {
            throw HaulError(.usage, "\(path): \(error)")
        }
        for warning in parsed.warnings { Terminal.writeError("haul: \(path): \(warning)\n") }
        return parsed
    }

    private func makeRequest(
        _ text: String, directory: String, headers parsedHeaders: [DownloadRequest.Header], absolute: (String) -> String
    ) throws -> DownloadRequest {
        guard let url = URL(string: text), url.host != nil else { throw HaulError(.usage, "'\(text)' is not a URL") }
        let destination: String
        if let output {
            destination = output.hasPrefix("/") ? absolute(output) : absolute(directory + "/" + output)
        } else {
            destination = directory + "/" + FileName.fromURL(url)
        }
        let expected: Checksum?
        do { expected = try checksum.map(Checksum.init(parsing:)) } catch { throw HaulError(.usage, "--checksum: \(error)") }
        return DownloadRequest(
            url: url,
            destination: URL(fileURLWithPath: destination),
            headers: parsedHeaders,
            onConflict: conflictPolicy,
            nameFromContentDisposition: remoteName && output == nil,
            connections: connections,
            minimumSplitSize: ByteCount.parse(minSplitSize) ?? 4 << 20,
            checksum: expected,
            maxBytesPerSecond: transfer.rate
        )
    }
}

extension DownloadCommand {
    /// Creates the directory a destination goes into (an `-i` line's `dir=`, a Metalink file's subdirectory).
    /// - Throws: `.io` naming the directory.
    static func createParent(of destination: String) throws {
        let parent = (destination as NSString).deletingLastPathComponent
        do {
            try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true)
        } catch {
            throw HaulError(.io, "cannot create directory \(parent): \(error.localizedDescription)")
        }
    }
}

/// `--on-conflict`: what happens when a download's destination is taken (see `ConflictPolicy`).
enum OnConflict: String, ExpressibleByArgument, CaseIterable, Sendable {
    case rename, skip, overwrite, fail
}
