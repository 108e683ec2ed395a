import Foundation

/// The text of `--json` listings (`haul list --json`, `haul hosts --json`): one pretty-printed JSON array and a
/// newline, keys sorted. An empty array is `[]`: Foundation on Linux prints it as `[`, a blank line and `]`.
enum JSONArrayText {
    static func of(_ objects: [[String: Any]]) throws -> String {
        guard !objects.isEmpty else { return "[]\n" }
        let data = try JSONSerialization.data(withJSONObject: objects, options: [.sortedKeys, .prettyPrinted])
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}
