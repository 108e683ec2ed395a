import Foundation
import HaulCore

/// Folder rules applied to a request (the decisions are `FolderPlacement`'s).
///
/// Why rules go with each request rather than with the `HaulClient` or the `DownloadManager`: only whoever makes a
/// request knows whether its directory is a default or one a person chose (`-d`, aria2's `dir`), and a rule must never
/// move the second kind. Stored with the download, they also still hold for a download resumed after a restart, whose
/// `Content-Disposition` name or Content-Type decides where it ends, whatever the settings are by then.
///
/// When: a name known from the URL (or given, `-o name`) places the download before its first request, so its `.part`
/// file is written in the rule's directory (`HaulClient.prepare` creates the directory when missing, as `-d` does);
/// a name from `Content-Disposition`, or a rule by Content-Type, is known only from the response head: the bytes stay
/// where they are, and the finished file is moved to the rule's directory (`TransferFinisher`: a rename, or on
/// another file system a copy that is flushed before the original goes), its name taken by `onConflict` there. The
/// download's `destination` says where the file is or will be, its completion where it ended.
extension DownloadRequest {
    /// This request with its destination in the directory its folder rules give its file name, or unchanged when
    /// no rule matches or it has none. No Content-Type is known yet: a rule by media type can only move the file once
    /// the response says it. A rule's directory may start with `~` (the home directory); a relative one is below the
    /// request's own directory.
    ///
    /// Placing is done once: a request already placed is given back as it is, so that `HaulClient.prepare` (which
    /// places every request it is given) and a caller that wants to know where a file goes before adding it agree.
    /// No I/O: `prepare` creates the directory.
    public func placedByFolderRules() -> DownloadRequest {
        guard folderRuleFallback == nil, let rules = folderRules, !rules.rules.isEmpty else { return self }
        var placed = self
        let fallback = FileSystemSteps.parentDirectory(of: destinationPath)
        placed.folderRuleFallback = fallback
        let name = destination.lastPathComponent
        let directory = FolderPlacement(rules: rules, fallback: fallback, home: Self.homeDirectory)
            .directory(forName: name, contentType: nil)
        if directory != fallback { placed.destinationPath = directory + "/" + name }
        return placed
    }

    /// The rules of a placed request (`placedByFolderRules()`), made absolute; `nil` without rules.
    package var folderPlacement: FolderPlacement? {
        guard let rules = folderRules, !rules.rules.isEmpty, let fallback = folderRuleFallback else { return nil }
        return FolderPlacement(rules: rules, fallback: fallback, home: Self.homeDirectory)
    }

    /// Whether the rules placed this request outside its own directory, which may not exist yet.
    var isPlacedElsewhere: Bool {
        guard let fallback = folderRuleFallback else { return false }
        return FileSystemSteps.parentDirectory(of: destinationPath) != fallback
    }

    /// The directory `~` stands for: `$HOME`, as a shell expands it, else the account's.
    package static var homeDirectory: String {
        if let home = ProcessInfo.processInfo.environment["HOME"], home.hasPrefix("/") { return home }
        return FileManager.default.homeDirectoryForCurrentUser.path
    }
}
