import HaulCore
import HaulKit

/// The `folder-rule` global option (`haul daemon --folder-rule`, the page's Settings): where a download added
/// without `dir` goes by its name or Content-Type. The rules go with each such download (`DownloadRequest.folderRules`);
/// a download added with `dir` is never moved by them.
extension Aria2Service {
    /// The rules of `text` for a download whose default directory is `base`, each directory made absolute (`~` the
    /// daemon's home, a relative one below `base`), its symbolic links resolved, and inside the allowed directories:
    /// a rule, from the command line as over RPC, never widens where files go (as `dir` does not). `nil` for none.
    ///
    /// - Throws: a sentence naming the rule's directory.
    package static func folderRules(_ text: String, base: String, allowed: DirectoryPolicy) throws(Aria2OptionError) -> FolderRules? {
        var rules: FolderRules
        do { rules = try FolderRules(parsingList: text) } catch { throw Aria2OptionError("folder-rule: \(error)") }
        guard !rules.rules.isEmpty else { return nil }
        for index in rules.rules.indices {
            let written = rules.rules[index].directory
            let absolute = FolderRules.absolute(written, home: DownloadRequest.homeDirectory, base: base)
            let normalised: String
            do { normalised = try DirectoryPolicy.normalised(absolute, base: base) } catch {
                throw Aria2OptionError("folder-rule: \(written) must not contain '..'")
            }
            let resolved = DirectoryResolver.resolve(normalised)
            guard allowed.contains(resolved) else {
                throw Aria2OptionError(
                    "folder-rule: \(written) is outside the allowed directories (\(allowed.allowed.joined(separator: ", "))); start haul daemon with --allow-dir to allow more")
            }
            rules.rules[index].directory = resolved
        }
        return rules
    }

    /// The folder rules for a download added with `parsed`'s options into `directory`: none when it names its `dir`
    /// (`out` is a bare name: `DownloadPlan.followsFolderRules`).
    func folderRules(for parsed: Aria2AddOptions, directory: String) throws(CommandRefusal) -> FolderRules? {
        guard DownloadPlan.followsFolderRules(directoryChosen: parsed.directory != nil, name: parsed.out) else { return nil }
        do { return try Self.folderRules(globals.folderRules, base: directory, allowed: directories) } catch {
            throw CommandRefusal(error.message)
        }
    }
}
