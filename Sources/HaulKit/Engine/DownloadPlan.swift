import Foundation
import HaulCore

/// Where what a front-end is asked for becomes downloads (issue #52, point 1): the decisions `haul get`, `haul add`,
/// the daemon's `addUri`/`addMetalink` and an `-i` list would otherwise each write out (when folder rules apply, a
/// Metalink document's files as requests, `MetalinkFiles`; a download's cookies, mirrors and HLS choice, `Extras`),
/// and the one way a download's directory is made.
package enum DownloadPlan {
    /// Whether folder rules (`DownloadRequest.folderRules`) go with a download: only when nobody chose where it goes,
    /// neither its directory (`-d`, an `-o` directory, an `-i` line's `dir=`, aria2's `dir`) nor a path in its name
    /// (`-o sub/name`, `out=sub/name`, a Metalink file named `sub/name`). A chosen place is never moved by a rule.
    ///
    /// - Parameters:
    ///   - directoryChosen: A directory was given for it.
    ///   - name: The name given for it (`-o`, `out=`, a Metalink file's name), `nil` for the URL's or the server's.
    package static func followsFolderRules(directoryChosen: Bool, name: String?) -> Bool {
        !directoryChosen && !(name?.contains("/") ?? false)
    }

    /// Creates `path` and the directories above it when missing.
    /// - Throws: `.io`, "cannot create directory PATH: REASON", the one wording of every front-end.
    package static func createDirectory(atPath path: String) throws(HaulError) {
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            throw HaulError(.io, "cannot create directory \(path): \(error.localizedDescription)")
        }
    }

    /// Creates the directory `destination` goes into (`-o sub/name`, an `-i` line's `dir=` or `out=`, a Metalink
    /// file's subdirectory).
    /// - Throws: `.io` naming the directory (`createDirectory(atPath:)`).
    package static func createParent(of destination: String) throws(HaulError) {
        try createDirectory(atPath: (destination as NSString).deletingLastPathComponent)
    }
}
