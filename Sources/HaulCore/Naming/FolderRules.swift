/// `--folder-rule '*.iso,*.img=~/Images'`: the directory a download goes to, chosen by its file name or its
/// Content-Type, once the name is known (after the response head, since `Content-Disposition` may name it).
///
/// A rule is `PATTERNS=DIRECTORY`; PATTERNS is a comma-separated list of
/// - name globs (`*.iso`, `ubuntu-*.img`, `*.tar.*`): `*` any run of characters, `?` one; matched against the whole
///   file name, case-insensitively (`.ISO` files are ISOs too);
/// - media types (`video/*`, `application/zip`): a pattern with a `/` is matched against the Content-Type without its
///   parameters, case-insensitively; `type/*` matches every subtype.
/// Several rules: the last that matches wins, as in ``WeeklySchedule`` (general rules first, exceptions after).
/// A download with an explicit directory (`-d`, `dir=`) or path (`-o` with a `/`) is not moved by any rule: a rule
/// fills in a default, it never overrides what a person typed for that download.
public struct FolderRules: Hashable, Sendable, Codable {
    public struct Rule: Hashable, Sendable, Codable {
        public var namePatterns: [String]
        public var mediaTypes: [String]
        public var directory: String
    }

    public var rules: [Rule]

    public init(rules: [Rule] = []) {
        self.rules = rules
    }

    /// Reads one rule and appends it.
    /// - Throws: a sentence for the person who typed it.
    public mutating func add(parsing text: String) throws(FolderRuleError) {
        guard let equals = text.lastIndex(of: "=") else {
            throw FolderRuleError(rule: text, problem: "expected PATTERNS=DIRECTORY, e.g. '*.iso,*.img=~/Images'")
        }
        let directory = String(text[text.index(after: equals)...].trimmingHTTPWhitespace())
        guard !directory.isEmpty else { throw FolderRuleError(rule: text, problem: "no directory after '='") }
        var rule = Rule(namePatterns: [], mediaTypes: [], directory: directory)
        for pattern in text[..<equals].split(separator: ",") {
            let trimmed = String(pattern.trimmingHTTPWhitespace()).lowercased()
            guard !trimmed.isEmpty else { continue }
            if trimmed.contains("/") {
                let parts = trimmed.split(separator: "/", omittingEmptySubsequences: false)
                guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty, parts[0] != "*" else {
                    throw FolderRuleError(rule: text, problem: "'\(trimmed)' is neither a media type (video/*) nor a name pattern")
                }
                rule.mediaTypes.append(trimmed)
            } else {
                rule.namePatterns.append(trimmed)
            }
        }
        guard !rule.namePatterns.isEmpty || !rule.mediaTypes.isEmpty else {
            throw FolderRuleError(rule: text, problem: "no patterns before '='")
        }
        rules.append(rule)
    }

    /// The directory for a file named `name` served as `contentType` (the header's value, parameters allowed), or
    /// `nil` when no rule matches.
    public func directory(forName name: String, contentType: String?) -> String? {
        let lowerName = name.lowercased()
        let mediaType = contentType.map { value in
            String(value.split(separator: ";", maxSplits: 1).first.map { $0.trimmingHTTPWhitespace() } ?? "").lowercased()
        }
        return rules.last { rule in
            rule.namePatterns.contains { Self.glob($0[...], matches: lowerName[...]) }
                || (mediaType.map { type in rule.mediaTypes.contains { Self.mediaType($0, matches: type) } } ?? false)
        }?.directory
    }

    static func mediaType(_ pattern: String, matches type: String) -> Bool {
        if pattern.hasSuffix("/*") { return type.hasPrefix(pattern.dropLast()) }
        return pattern == type
    }

    /// `*` and `?` globbing over characters, iterative with backtracking to the last `*` (linear in practice, never
    /// exponential).
    static func glob(_ pattern: Substring, matches text: Substring) -> Bool {
        let p = Array(pattern), t = Array(text)
        var i = 0, j = 0
        var star: Int?
        var mark = 0
        while j < t.count {
            if i < p.count, p[i] == "?" || p[i] == t[j] {
                i += 1
                j += 1
            } else if i < p.count, p[i] == "*" {
                star = i
                mark = j
                i += 1
            } else if let s = star {
                i = s + 1
                mark += 1
                j = mark
            } else {
                return false
            }
        }
        while i < p.count, p[i] == "*" { i += 1 }
        return i == p.count
    }
}

/// Why a folder rule could not be read.
public struct FolderRuleError: Error, Hashable, Sendable, CustomStringConvertible {
    public var rule: String
    public var problem: String
    public var description: String { "folder rule '\(rule)': \(problem)" }
}
