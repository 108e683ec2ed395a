import Foundation

/// The one rule that says a download is an HLS stream, saved as one file of segments, rather than a file saved as it
/// is (docs/hls.md, "Recognising a playlist"). The command line's direct mode, `haul add`, the queue and the
/// daemon all ask it, so a URL is a stream in every front door or in none.
public enum HLSStreamRule {
    /// Whether a request of `url` is a stream: its path ends in `.m3u8` (any case), it has no mirrors (a
    /// download from several sources is one file's bytes, never a playlist), and its maker did not ask for the
    /// playlist's text (`savesPlaylistAsStream: false`, the library's `DownloadRequest.savesPlaylistAsStream`).
    ///
    /// A URL of another ending is a file here: its answer's content type or first bytes are only known once it is
    /// fetched, and the engine does not spend a request guessing (the command line recognises a playlist saved
    /// under another name afterwards by its `#EXTM3U` start, `HLSPlaylist.looksLikePlaylist`).
    public static func isStream(url: URL, hasMirrors: Bool = false, savesPlaylistAsStream: Bool = true, recognised: Bool = false) -> Bool {
        savesPlaylistAsStream && (HLSPlaylist.hasPlaylistExtension(url) || recognised) && !hasMirrors
    }

    /// Whether a download that was a file turned out to be a playlist under another name (`https://h/live/manifest`):
    /// its saved answer begins with `#EXTM3U` (what every playlist begins with, whatever its content type) and is no
    /// larger than a playlist is read (`playlistBytes`), and nobody asked for that file's own bytes (a checksum, or
    /// the library's `savesPlaylistAsStream: false`). Its stream is then fetched beside it (`recognisedTarget`).
    public static func isPlaylistAnswer(
        firstBytes: [UInt8], size: Int64, playlistBytes: Int, hasMirrors: Bool, hasChecksum: Bool, savesPlaylistAsStream: Bool
    ) -> Bool {
        savesPlaylistAsStream && !hasMirrors && !hasChecksum && size <= Int64(playlistBytes) && HLSPlaylist.looksLikePlaylist(firstBytes)
    }

    /// Where the stream of a playlist recognised under another name goes, from its download's destination: beside
    /// the playlist's text, under its name without an extension plus the container's (`DIR/manifest` gives
    /// `DIR/manifest.ts`, `DIR/play.php` gives `DIR/play.ts`), unless the destination already is the stream's file
    /// (`.ts` or `.mp4`: the path a run chose and stored).
    public static func recognisedTarget(destinationPath path: String) -> Target {
        let suffix = (path as NSString).pathExtension.lowercased()
        if [HLSDownloadPlan.Container.mpegTS, .fragmentedMP4].contains(where: { $0.fileExtension == suffix }) { return .file(path) }
        return .stem((path as NSString).deletingPathExtension)
    }

    /// Where the stream of a queued download goes, from the destination the queue gave it.
    public enum Target: Sendable, Equatable {
        /// This path without an extension, with the container's added (`NAME.ts` or `NAME.mp4`): the destination was
        /// the playlist's own name (`DIR/NAME.m3u8`), as the queue names a download after its URL. Its stem keeps the
        /// name the queue made unique: a second download of the same playlist (`DIR/NAME.1.m3u8`) writes
        /// `DIR/NAME.1.ts`, never the first one's `.part`.
        case stem(String)
        /// Exactly this path: the destination names the stream's file itself (`show.ts`).
        case file(String)
    }

    /// The target for `destinationPath`: a destination whose name ends in `.m3u8` or `.m3u` names the playlist, not
    /// the stream, so the stream goes beside it under the playlist's name with the container's extension.
    public static func target(destinationPath: String) -> Target {
        let name = (destinationPath as NSString).lastPathComponent.lowercased()
        guard name.hasSuffix(".m3u8") || name.hasSuffix(".m3u"), name != ".m3u8", name != ".m3u" else { return .file(destinationPath) }
        return .stem(String(destinationPath.dropLast(name.hasSuffix(".m3u8") ? 5 : 4)))
    }

    /// The partial files a stream of `url` at `target` may have left (`NAME.ts.part`, `NAME.mp4.part`, and for a
    /// variant with separate audio `NAME.video.EXT.part` and `NAME.audio.EXT.part`): what a cancel removes,
    /// whichever container the playlist turned out to be.
    public static func partPaths(url: URL, target: Target) -> [String] {
        let containers = [HLSDownloadPlan.Container.mpegTS, .fragmentedMP4]
        let files: [String]
        switch target {
        case .file(let path):
            files = [path]
        case .stem(let stem):
            files = containers.map { stem + "." + $0.fileExtension }
        }
        var paths = files.map { $0 + ".part" }
        for file in files {
            let base = (file as NSString).deletingPathExtension
            for role in ["video", "audio"] {
                for container in containers where !paths.contains("\(base).\(role).\(container.fileExtension).part") {
                    paths.append("\(base).\(role).\(container.fileExtension).part")
                }
            }
        }
        return paths
    }
}
