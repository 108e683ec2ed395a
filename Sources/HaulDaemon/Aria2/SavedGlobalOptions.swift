/// The global options a person changed over RPC (`changeGlobalOption`, the web page's Settings), as the daemon
/// keeps them in its state directory so that a restart does not undo them.
///
/// Motrix and AriaNg keep such settings in their own configuration and hand them to aria2 at each start; Haul's
/// page has no configuration of its own, so the daemon keeps them. What is kept is each changed value together with
/// the value the command line gave at the time (`base`). At the next start a kept value is applied only when the
/// command line still gives what it gave then: a flag given differently since (`haul daemon -j 5`) is the newer
/// word and wins. Pure: `GlobalOptionsFile` reads and writes it.
package struct SavedGlobalOptions: Codable, Equatable, Sendable {
    /// The options kept, by aria2's names (`split` stands for `max-connection-per-server` too).
    package static let names = [
        "dir", "max-concurrent-downloads", "max-download-limit", "max-overall-download-limit", "speed-schedule", "split",
        "folder-rule",
        "queue-schedule",
    ]

    /// The command line's values when the options were changed, by name.
    package var base: [String: String]
    /// The values changed over RPC, by name: only those that differ from `base`.
    package var changed: [String: String]

    package init(base: [String: String] = [:], changed: [String: String] = [:]) {
        self.base = base
        self.changed = changed
    }

    /// What to keep after a change: `options` as they now are, against `start`, the options the command line gave.
    package static func recording(_ options: Aria2GlobalOptions, startedWith start: Aria2GlobalOptions) -> SavedGlobalOptions {
        let now = values(of: options), base = values(of: start)
        return SavedGlobalOptions(base: base, changed: now.filter { base[$0.key] != $0.value })
    }

    /// The changes to make at a start whose command line gave `start`: each kept value whose base the command line
    /// still gives, as `changeGlobalOption` takes them.
    package func changes(startingWith start: Aria2GlobalOptions) -> [String: JSONValue] {
        let now = Self.values(of: start)
        var result: [String: JSONValue] = [:]
        for (name, value) in changed where Self.names.contains(name) && base[name] == now[name] && value != now[name] {
            result[name] = .string(value)
        }
        if let split = result["split"] { result["max-connection-per-server"] = split }
        return result
    }

    static func values(of options: Aria2GlobalOptions) -> [String: String] {
        guard case .object(let fields) = options.dictionary else { return [:] }
        var result: [String: String] = [:]
        for name in names { if let value = fields[name]?.stringValue { result[name] = value } }
        // `split` as the count was typed: the answer's number is an automatic count's ceiling, which read back gave a
        // fixed count (`split=auto` kept over RPC came back as a fixed 16 after a restart).
        if options.connectionCount == .default { result["split"] = "auto" }
        return result
    }
}
