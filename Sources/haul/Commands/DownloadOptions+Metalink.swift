import Foundation
import HaulCore
import HaulKit

/// Following Metalink documents named by URL arguments (docs/cli.md, "Following a Metalink URL").
extension DownloadOptions {
    /// A URL argument ending in `.meta4`/`.metalink` and answered as `application/metalink4+xml` is the document,
    /// not the file: its files replace it, below the same directory (`--no-follow-metalink` saves it instead).
    func followMetalinks(_ requests: inout [DownloadRequest], checksumSources: inout [Int: String], client: HaulClient) async throws {
        var followed: [DownloadRequest] = []
        var sources: [Int: String] = [:]
        for (index, request) in requests.enumerated() {
            let headers = request.headers
            guard index < urls.count, request.mirrors.isEmpty,
                let document = try await MetalinkFile.follow(request.url, client: client, headers: headers)
            else {
                if let source = checksumSources[index] { sources[followed.count] = source }
                followed.append(request)
                continue
            }
            let directory = (request.destinationPath as NSString).deletingLastPathComponent
            followed += try metalinkRequests(for: document, directory: directory, headers: headers, cookies: request.cookies)
        }
        requests = followed
        checksumSources = sources
    }

    /// After the downloads: a URL argument of another ending whose saved file looks like XML (its first bytes, so
    /// no other download costs a request) is asked again, into memory; when it is answered as
    /// `application/metalink4+xml` the saved document is removed and the files it lists are returned, to be
    /// downloaded below the same directory. A document that cannot be read is left saved, with a warning.
    func documentsSavedAsFiles(_ requests: [DownloadRequest], client: HaulClient) async -> [DownloadRequest] {
        let arguments = Set(urls.compactMap { URL(string: $0)?.absoluteString })
        var found: [DownloadRequest] = []
        for request in requests where arguments.contains(request.url.absoluteString) && request.mirrors.isEmpty && request.expectedLength == nil {
            guard !MetalinkFile.mayBeDocument(request.url), MetalinkFile.looksLikeXML(atPath: request.destinationPath) else { continue }
            do {
                guard let document = try await MetalinkFile.follow(request.url, client: client, headers: request.headers, anyName: true) else { continue }
                let directory = (request.destinationPath as NSString).deletingLastPathComponent
                let files = try metalinkRequests(for: document, directory: directory, headers: request.headers, cookies: request.cookies)
                try? FileManager.default.removeItem(atPath: request.destinationPath)
                found += files
            } catch {
                Terminal.writeError("haul: \(request.url.absoluteString): answered as a Metalink document that cannot be followed (\(error)); kept as \(request.destinationPath)\n")
            }
        }
        return found
    }
}
