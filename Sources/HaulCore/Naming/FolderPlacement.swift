extension FolderRules {
    /// Reads several rules from one text, separated by `;` or line breaks (the daemon's `folder-rule` option, the web
    /// page's field: one line there). Empty pieces are skipped, so `""` is no rule at all. A directory that contains
    /// `;` cannot be written this way (`--folder-rule` on the command line takes one rule a time and can).
    ///
    /// - Throws: the first rule that cannot be read, with its sentence.
    public init(parsingList text: String) throws(FolderRuleError) {
        self.init()
        for piece in text.split(whereSeparator: { $0 == ";" || $0 == "\n" || $0 == "\r" }) {
            let rule = piece.trimmingHTTPWhitespace()
            if !rule.isEmpty { try add(parsing: String(rule)) }
        }
    }

    /// The rules with every directory absolute (`FolderRules.absolute(_:home:base:)`).
    public func resolvingDirectories(home: String, base: String) -> FolderRules {
        FolderRules(rules: rules.map { rule in
            var resolved = rule
            resolved.directory = Self.absolute(rule.directory, home: home, base: base)
            return resolved
        })
    }

    /// A rule's directory as a path: `~` and `~/…` in `home` (as a shell expands them; `~user` is not), a relative
    /// one below `base`, the directory the download goes to when no rule matches (so `*.iso=isos` keeps ISOs in a
    /// folder of their own beside the other downloads, and a daemon's relative rule stays inside its `-d`). Empty and
    /// `.` components and a trailing `/` are dropped; `..` is left as written (the daemon refuses it when it checks
    /// a rule's directory against the ones it allows).
    public static func absolute(_ directory: String, home: String, base: String) -> String {
        let joined: String
        if directory == "~" {
            joined = home
        } else if directory.hasPrefix("~/") {
            joined = home + "/" + directory.dropFirst(2)
        } else if directory.hasPrefix("/") {
            joined = directory
        } else {
            joined = base + "/" + directory
        }
        let parts = joined.split(separator: "/").filter { $0 != "." }
        return (joined.hasPrefix("/") ? "/" : "") + parts.joined(separator: "/")
    }
}

/// Where a download's file goes under folder rules, from what is known when (`--folder-rule`, the daemon's
/// `folder-rule`): its name before the first request, its name and its Content-Type once the response has come.
///
/// The I/O layer asks twice. Before the download starts, `directory(forName:contentType: nil)` places the `.part`
/// file, so that a file named by its URL is written where it ends. When the response head arrives,
/// `moveAfterResponse` says whether the name the server gave (`Content-Disposition`) or the type it served sends the
/// finished file elsewhere; the bytes then stay where they are until the download finishes and the file is moved
/// once, whole (a rename, or a copy to another file system). `target` chooses the name in the new directory.
public struct FolderPlacement: Hashable, Sendable {
    /// The rules, their directories absolute.
    public var rules: FolderRules
    /// Where the file goes when no rule matches: the directory the download was given (a default, never one a person
    /// chose for it: rules are not given to such a download).
    public var fallback: String

    /// - Parameters:
    ///   - rules: the rules as written (`~`, relative directories).
    ///   - fallback: the download's own directory, absolute.
    ///   - home: the home directory `~` stands for.
    public init(rules: FolderRules, fallback: String, home: String) {
        self.rules = rules.resolvingDirectories(home: home, base: fallback)
        self.fallback = fallback
    }

    /// The directory of a file named `name` served as `contentType` (`nil`: not known yet): the last matching rule's,
    /// else `fallback`.
    public func directory(forName name: String, contentType: String?) -> String {
        rules.directory(forName: name, contentType: contentType) ?? fallback
    }

    /// Once a response head is known: the directory the file at `current` goes to instead, or `nil` when it stays.
    ///
    /// Only a file still in the directory it was placed in before the first request (`placed`'s) moves: a download
    /// moves once, and later responses (more connections of a split download, a resume) leave it where the first one
    /// sent it, whatever type a mirror claims.
    ///
    /// - Parameters:
    ///   - current: the file's path so far (with the `Content-Disposition` name when one was adopted).
    ///   - placed: the path chosen before the first request.
    ///   - contentType: the response's `Content-Type`, parameters allowed.
    public func moveAfterResponse(current: String, placed: String, contentType: String?) -> String? {
        let directory = Self.parent(of: current)
        guard directory == Self.parent(of: placed) else { return nil }
        let target = self.directory(forName: Self.name(of: current), contentType: contentType)
        return target == directory ? nil : target
    }

    /// What holds a name in a directory a file moves to.
    public enum Occupant: Hashable, Sendable {
        /// Nothing.
        case free
        /// A file (or anything else that is not a `.part` of a download).
        case file
        /// Another download writes this name: its `.part` is there.
        case download
    }

    /// The name a moved file takes.
    public enum Target: Hashable, Sendable {
        /// `path`, replacing the file there when `replacing`.
        case path(String, replacing: Bool)
        /// The name is taken and the policy does not allow another (`.fail`, or a server's name and `.overwrite`).
        case refused(String)
    }

    /// The name a file moved to `path` takes, following the download's conflict policy as `DestinationPlanner` does
    /// for a name chosen before the download: `.rename` takes the first free `name.N.ext`, `.overwrite` replaces a
    /// file (not another download's name, and never for a name the server chose: rule 15), `.fail` refuses.
    ///
    /// - Parameters:
    ///   - serverNamed: the name came from `Content-Disposition`.
    ///   - occupant: what holds a path (the caller looks).
    public static func target(
        _ path: String, policy: ConflictPolicy, serverNamed: Bool, occupant: (String) throws -> Occupant
    ) rethrows -> Target {
        switch (try occupant(path), policy) {
        case (.free, _):
            return .path(path, replacing: false)
        case (.file, .overwrite) where !serverNamed:
            return .path(path, replacing: true)
        case (_, .rename):
            for number in 1...DestinationPlanner.maxNumber {
                let candidate = DestinationPlanner.numbered(path, number)
                if try occupant(candidate) == .free { return .path(candidate, replacing: false) }
            }
            return .refused(path)
        default:
            return .refused(path)
        }
    }

    static func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    static func name(of path: String) -> String {
        path.lastIndex(of: "/").map { String(path[path.index(after: $0)...]) } ?? path
    }
}
