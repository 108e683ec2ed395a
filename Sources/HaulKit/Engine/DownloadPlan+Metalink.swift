import Foundation
import HaulCore

extension DownloadPlan {
    /// A Metalink v4 document's files as downloads, one request per file, the same for `haul get --metalink`, a
    /// followed Metalink URL and the daemon's `aria2.addMetalink`.
    ///
    /// Each file goes under its name below `directory` (`Metalink.parse` checked that it stays inside), from its
    /// http(s) sources by priority (the first as the URL, the others as mirrors), checked against its strongest
    /// whole-file hash, with its size and its piece hashes. What each front-end adds for a URL (headers, referer,
    /// rate, proxy, connections, conflict policy, `takesUpSameDownload`) is the request it makes for the file's
    /// first source; its folder rules go with a file whose name has no `/` (`followsFolderRules`).
    package struct MetalinkFiles {
        /// What a source that is no URL does (the two front-ends have always differed here).
        package enum UnusableSources: Sendable, Equatable {
            /// The first source must be a URL Haul downloads (refused in `DownloadURLRule`'s sentence, as a URL
            /// argument of `haul get` is); a later one that is no URL is left out of the mirrors.
            case firstRequired
            /// Every source that is no URL is left out; a file with none left is refused ("NAME has no usable
            /// source"), as `aria2.addMetalink` does.
            case skipped
        }

        package var document: Metalink
        /// The directory the files' names are below (absolute).
        package var directory: String
        /// The rules for a file whose name has no `/`: `nil` when a directory was chosen.
        package var folderRules: FolderRules?
        package var unusableSources: UnusableSources

        package init(_ document: Metalink, directory: String, folderRules: FolderRules?, unusableSources: UnusableSources) {
            self.document = document
            self.directory = directory
            self.folderRules = folderRules
            self.unusableSources = unusableSources
        }

        /// One request per file, in the document's order; no I/O (`requestsMakingDirectories` makes their
        /// directories).
        ///
        /// - Parameter request: The front-end's request for a source's URL, with its own options; its
        ///   destination, mirrors, checksum, size, piece hashes and folder rules are replaced here.
        /// - Throws: `.usage` for a file without a usable source or a hash that is no checksum, or what `request`
        ///   throws.
        package func requests(_ request: (URL) throws -> DownloadRequest) throws -> [DownloadRequest] {
            try document.files.map { file in
                let (first, mirrors) = try sources(of: file)
                var made = try request(first)
                made.destinationPath = directory + "/" + file.name
                made.mirrors = mirrors
                do { made.checksum = try file.hash.map { try Checksum(parsing: $0.checksum) } } catch {
                    throw HaulError(.usage, "Metalink \(file.name): \(error)")
                }
                made.expectedLength = file.size
                made.pieceHashes = file.pieceHashes
                // A file the document puts in a directory of its own keeps it, as an `-o` path does.
                made.folderRules = followsFolderRules(directoryChosen: false, name: file.name) ? folderRules : nil
                return made
            }
        }

        /// `requests(_:)`, each file's directory made once all are built (nothing is made for a document refused).
        /// - Throws: as `requests(_:)`; `.io` for a directory that cannot be made (`createParent(of:)`).
        package func requestsMakingDirectories(_ request: (URL) throws -> DownloadRequest) throws -> [DownloadRequest] {
            let made = try requests(request)
            for request in made { try createParent(of: request.destinationPath) }
            return made
        }

        /// The URL a file is fetched from and its mirrors, by priority.
        func sources(of file: Metalink.File) throws(HaulError) -> (URL, [URL]) {
            switch unusableSources {
            case .firstRequired:
                let text = file.sources.first?.url ?? ""
                guard let first = DownloadURLRule.url(text) else { throw HaulError(.usage, DownloadURLRule.refusal(of: text) ?? text) }
                return (first, file.sources.dropFirst().compactMap { DownloadURLRule.url($0.url) })
            case .skipped:
                let urls = file.sources.compactMap { DownloadURLRule.url($0.url) }
                guard let first = urls.first else { throw HaulError(.usage, "\(file.name) has no usable source") }
                return (first, Array(urls.dropFirst()))
            }
        }
    }
}
