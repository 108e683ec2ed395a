import Foundation
import HaulCore

/// The client is what an HLS download fetches through (`HLSFetching`, declared in HLS/, below the engine that runs
/// streams).
extension HaulClient: HLSFetching {}

extension HLSDownload {
    /// Runs the download.
    ///
    /// - Parameter progress: called after each piece is written, on the task that runs the download.
    /// - Throws: `HaulError`: `.protocolViolation` for a playlist that is refused (the sentence says why), `.fileExists`
    ///   when the file is there and `onConflict` is `.fail`, a segment's own failure with its index otherwise.
    /// - Parameter notice: called with a sentence for the person when something they should know happens (a
    ///   playlist that changed since the last run, so the file starts over).
    public func run(
        client: HaulClient, notice: @Sendable (String) -> Void = { _ in }, progress: @Sendable (Progress) -> Void = { _ in }
    ) async throws -> Outcome {
        try await run(through: client, notice: notice, progress: progress)
    }

    /// The variants of a master playlist (`haul --hls-list`); empty for a media playlist.
    public func variants(client: HaulClient) async throws -> (master: HLSMasterPlaylist?, url: URL) {
        try await variants(through: client)
    }
}
