/// "did you mean 'list'?": the subcommand a mistyped word is closest to, as git and cargo suggest.
enum Suggestion {
    /// The candidate within a small edit distance of `word` (a swap of two neighbours counts as one edit), the
    /// closest first; nil when none is close enough to be what was meant.
    static func closest(to word: String, among candidates: [String]) -> String? {
        let word = word.lowercased()
        guard word.count >= 2 else { return nil }
        let limit = word.count >= 4 ? 2 : 1
        return candidates
            .map { (candidate: $0, distance: distance(word, $0)) }
            .filter { $0.distance > 0 && $0.distance <= limit }
            .min { $0.distance < $1.distance }?.candidate
    }

    /// Optimal string alignment distance: insertions, deletions, substitutions and swaps of adjacent characters.
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var d = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { d[i][0] = i }
        for j in 0...b.count { d[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1)
                }
            }
        }
        return d[a.count][b.count]
    }
}
