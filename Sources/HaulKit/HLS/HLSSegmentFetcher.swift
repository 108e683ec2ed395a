import Foundation
import HaulCore

/// Fetches a plan's pieces several at once and hands them to the writer in order.
///
/// At most `segmentsAtOnce` requests are in flight, and a piece is started only while fewer than
/// `segmentsAtOnce + 2` pieces wait between the writer's position and the newest started: memory holds at most that
/// many segments, however long the stream. Each piece is fetched by `HaulClient.fetchAnswer` (redirects, the
/// retry rules, the body's length checked against `Content-Length`), decrypted as it arrives when a key applies. A piece that
/// still fails fails the download, naming its index and URL. Pieces are written in order, so what is durable is
/// always a prefix of the plan: a checkpoint is a piece count and a byte count.
struct HLSSegmentFetcher: Sendable {
    let plan: HLSDownloadPlan
    let keys: [URL: [UInt8]]
    let headers: [DownloadRequest.Header]
    let segmentsAtOnce: Int
    /// The versions of the byte-range resources the saved pieces came from (an earlier run's, when resuming).
    var savedVersions: [String: ResourceIdentity] = [:]

    /// A byte-range resource answered with another version than the one the earlier run's saved pieces came from,
    /// before this run took any part of it: the file starts over (`HLSResourceVersions.Verdict.changedSinceLastRun`).
    struct ResourceChangedSinceLastRun: Error {
        var url: String
    }

    /// Fetches the pieces from `written.piecesWritten` on; after each piece is appended and flushed, `checkpoint`
    /// records the new point, with the versions of the byte-range resources the written pieces came from, before
    /// the next piece starts.
    func run(
        client: some HLSFetching, writer: HLSPieceWriter, from start: HLSDownload.Progress,
        checkpoint: (HLSDownload.Progress, [String: ResourceIdentity]) async throws -> Void
    ) async throws {
        let pieces = plan.pieces
        let atOnce = max(1, segmentsAtOnce)
        let window = atOnce + 2
        var written = start
        var versions = HLSResourceVersions(lastRun: savedVersions)
        var writtenVersions = savedVersions
        try await withThrowingTaskGroup(of: (Int, Fetched).self) { group in
            var next = start.piecesWritten
            var running = 0
            var waiting: [Int: Fetched] = [:]
            func startWhatFits() {
                while next < pieces.count, running < atOnce, next - written.piecesWritten < window {
                    let piece = pieces[next]
                    group.addTask { (piece.index, try await fetch(piece, client: client)) }
                    next += 1
                    running += 1
                }
            }
            startWhatFits()
            while let (index, fetched) = try await group.next() {
                running -= 1
                if let (url, identity) = fetched.version {
                    switch versions.judge(url, identity) {
                    case .sameVersion: break
                    case .changedSinceLastRun: throw ResourceChangedSinceLastRun(url: url)
                    case .changedWhileFetched:
                        throw HaulError(.protocolViolation, "\(url) changed while the stream was fetched (piece \(index) is of another version than the pieces before it); its byte ranges cannot be put together")
                    }
                }
                waiting[index] = fetched
                while let ready = waiting.removeValue(forKey: written.piecesWritten) {
                    if let (url, identity) = ready.version, writtenVersions[url] == nil { writtenVersions[url] = identity }
                    try writer.append(ready.bytes)
                    written.secondsWritten += pieces[written.piecesWritten].duration
                    written.piecesWritten += 1
                    written.bytesWritten += Int64(ready.bytes.count)
                    try writer.flush()
                    try await checkpoint(written, writtenVersions)
                }
                startWhatFits()
            }
        }
    }

    /// A piece's bytes, and for a byte range the version of the resource it was cut from.
    struct Fetched: Sendable {
        var bytes: [UInt8]
        var version: (url: String, identity: ResourceIdentity)?
    }

    /// One piece's bytes, decrypted as they arrive when a key applies: the whole resource, or its
    /// `EXT-X-BYTERANGE` part.
    private func fetch(_ piece: HLSDownloadPlan.Piece, client: some HLSFetching) async throws -> Fetched {
        let what = piece.isInitSection ? "the init section before segment \(piece.sequence)" : "segment \(piece.sequence)"
        let decryptor = try decryptor(for: piece)
        do {
            if let range = piece.byteRange {
                let part = try await client.fetchPart(
                    piece.url, range: range, maximumBytes: HLSDownload.largestSegment, headers: headers, through: decryptor)
                return Fetched(bytes: part.bytes, version: (piece.url.absoluteString, part.identity))
            }
            if let decryptor {
                return Fetched(bytes: try await client.fetchAnswer(
                    piece.url, maximumBytes: HLSDownload.largestSegment, headers: headers, through: decryptor).bytes)
            }
            return Fetched(bytes: try await client.fetchAnswer(piece.url, maximumBytes: HLSDownload.largestSegment, headers: headers).bytes)
        } catch let error as HaulError {
            throw HaulError(error.kind, "\(what) (\(piece.url.absoluteString)): \(error.message)", httpStatus: error.httpStatus)
        } catch let failure as HLSSegmentDecryptor.Failure {
            let why = switch failure.reason {
            case .notWholeBlocks: "not a whole number of 16-byte blocks"
            case .badPadding: "its padding is wrong"
            }
            throw HaulError(.protocolViolation, "\(what) (\(piece.url.absoluteString)) does not decrypt with its AES-128 key (\(failure.ciphertextBytes) bytes, \(why); a wrong key or a damaged segment)")
        }
    }

    /// A maker of the piece's decryptor (one for each attempt), when a key applies.
    private func decryptor(for piece: HLSDownloadPlan.Piece) throws -> (@Sendable () -> any BodyTransform)? {
        guard let decryption = piece.decryption else { return nil }
        guard let key = keys[decryption.keyURL] else {
            throw HaulError(.internalError, "no key fetched for \(decryption.keyURL.absoluteString)")
        }
        let iv = decryption.iv
        return { HLSSegmentDecryptor(key: key, iv: iv) }
    }
}
