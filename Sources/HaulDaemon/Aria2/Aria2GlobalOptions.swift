import HaulCore
import HaulKit

/// The daemon-wide options `changeGlobalOption` may change and `getGlobalOption` shows, as values.
///
/// `changed(by:)` is pure: the daemon applies the result (queue limits, the global rate limit) itself.
package struct Aria2GlobalOptions: Equatable, Sendable {
    /// `max-concurrent-downloads` (`-j`).
    package var maxConcurrent: Int
    /// `max-overall-download-limit` in bytes per second, 0 for none (`--max-overall-rate`).
    package var maxOverallLimit: Int64
    /// `max-download-limit`: the default limit of each new download, 0 for none (`--limit-rate`).
    package var maxDownloadLimit: Int64
    /// `split` and `max-connection-per-server`: the count of a new download (`-x`). Automatic (Haul chooses, up to
    /// its ceiling: `haul daemon -x auto`, `ConnectionCount.default`) until `split` or `max-connection-per-server`
    /// sets a count over RPC (`auto` sets it back). `getGlobalOption` shows the ceiling as `split`: aria2 front-ends
    /// expect a number there; Haul's own `haul-connections` says `auto` (or the count when one was set), and
    /// `haul-connections-range` the counts one may set (`1-32`), which the web page shows.
    package var connectionCount: ConnectionCount
    /// `connectionCount.most`: a fixed count, or an automatic count's ceiling.
    package var connections: Int {
        get { connectionCount.most }
        set { connectionCount = autoConnections ? .automatic(ceiling: newValue) : .fixed(newValue) }
    }
    /// `connectionCount.isAutomatic`.
    package var autoConnections: Bool {
        get { connectionCount.isAutomatic }
        set { connectionCount = newValue ? .automatic(ceiling: connections) : .fixed(connections) }
    }
    /// `dir`: the default download directory (`-d`). Not changeable over RPC (it would widen where clients save).
    package var directory: String
    /// `speed-schedule`: the overall limit by local time (`SpeedSchedule`'s text, `--speed-schedule`), empty for
    /// none; `max-overall-download-limit` holds where no rule does. Not an aria2 option: aria2 front-ends send it as
    /// any other string.
    package var speedSchedule = ""

    /// `speedSchedule`, read (it was checked when set).
    package var schedule: SpeedSchedule? { speedSchedule.isEmpty ? nil : try? SpeedSchedule(parsing: speedSchedule) }
    /// `folder-rule`: where a download added without `dir` goes by its name or Content-Type (`--folder-rule`), rules
    /// separated by `;` or line breaks (`FolderRules(parsingList:)`), empty for none. Not an aria2 option.
    package var folderRules = ""
    /// `queue-schedule`: when the queue runs (`QueueSchedule`'s text, `--queue-schedule`), empty for always. Not an
    /// aria2 option either; while it holds the queue, the downloads waiting for it are `waiting` in `tellStatus`.
    package var queueSchedule = ""
    /// `queueSchedule`, read (it was checked when set); `nil` for always.
    package var queueWindows: QueueSchedule? {
        (try? QueueSchedule(parsing: queueSchedule)).flatMap { $0.schedule.rules.isEmpty ? nil : $0 }
    }

    /// The options whose value is Haul's own (`Aria2FixedOptions`): shown, and refused when set to another value.
    package var fixed = Aria2FixedOptions(HaulConfiguration())

    package init(maxConcurrent: Int, maxOverallLimit: Int64, maxDownloadLimit: Int64, connections: Int, directory: String) {
        self.maxConcurrent = maxConcurrent
        self.maxOverallLimit = maxOverallLimit
        self.maxDownloadLimit = maxDownloadLimit
        self.connectionCount = .fixed(connections)
        self.directory = directory
    }

    /// These options with `changes` applied; options Haul does not have are ignored (aria2 accepts many that only
    /// concern BitTorrent or FTP), path options are refused.
    package func changed(by changes: [String: JSONValue]) throws(Aria2OptionError) -> Aria2GlobalOptions {
        var result = self
        try fixed.check(changes.filter { Aria2FixedOptions.contains($0.key) })
        for (name, value) in changes.sorted(by: { $0.key < $1.key }) {
            try Aria2Options.checkSettable(name)
            if Aria2FixedOptions.unsupported[name] != nil { throw Aria2FixedOptions.refusal(name) }
            if value == .null { continue }  // aria2's leniency: a null option is no change
            switch name {
            case "max-concurrent-downloads":
                result.maxConcurrent = try Aria2Options.count(name, value, in: 1...1000)
            case "max-overall-download-limit":
                result.maxOverallLimit = try Aria2Options.rate(name, value)
            case "max-download-limit":
                result.maxDownloadLimit = try Aria2Options.rate(name, value)
            case "speed-schedule":
                let text = try Aria2Options.text(name, value)
                if !text.isEmpty {
                    do { _ = try SpeedSchedule(parsing: text) } catch { throw Aria2OptionError("speed-schedule: \(error)") }
                }
                result.speedSchedule = text
            case "folder-rule":
                let text = try Aria2Options.text(name, value)
                let rules: FolderRules
                do { rules = try FolderRules(parsingList: text) } catch { throw Aria2OptionError("folder-rule: \(error)") }
                result.folderRules = rules.rules.isEmpty ? "" : text
            case "queue-schedule":
                let text = try Aria2Options.text(name, value)
                do { _ = try QueueSchedule(parsing: text) } catch { throw Aria2OptionError("queue-schedule: \(error)") }
                result.queueSchedule = text
            case "split", "max-connection-per-server":
                result.connectionCount = try Aria2Options.connectionCount(name, value)
            case "dir":
                if try Aria2Options.text(name, value) != directory {
                    throw Aria2OptionError("dir cannot be changed over RPC (start haul daemon with -d DIR)")
                }
            case "checksum", "out", "pause", "index-out", "select-file", "header", "referer", "user-agent", "all-proxy",
                "stream-piece-selector", "checksum-file":
                throw Aria2OptionError("option '\(name)' is per download: it cannot be a global option")
            default:
                break
            }
        }
        return result
    }

    /// `getGlobalOption`: every value a string, the fixed ones (`Aria2FixedOptions`) with Haul's values.
    package var dictionary: JSONValue {
        var fields = fixed.values.mapValues { JSONValue.string($0) }
        let own: [String: JSONValue] = [
            "dir": .string(directory),
            "max-concurrent-downloads": .string(String(maxConcurrent)),
            "max-overall-download-limit": .string(String(maxOverallLimit)),
            "max-download-limit": .string(String(maxDownloadLimit)),
            "speed-schedule": .string(speedSchedule),
            "folder-rule": .string(folderRules),
            "queue-schedule": .string(queueSchedule),
            "split": .string(String(connections)),
            "max-connection-per-server": .string(String(connections)),
            "haul-connections": .string(autoConnections ? "auto" : String(connections)),
            "haul-connections-range": .string("\(ConnectionCount.range.lowerBound)-\(ConnectionCount.range.upperBound)"),
        ]
        fields.merge(own) { _, own in own }
        return .object(fields)
    }

    /// `getOption` for one download: its own settings, as strings, and the fixed values that concern one download
    /// (`Aria2FixedOptions.perDownload`).
    package static func options(of download: Aria2Download, fixed: Aria2FixedOptions) -> JSONValue {
        var fields = fixed.perDownload.mapValues { JSONValue.string($0) }
        let own: [String: JSONValue] = [
            "dir": .string(download.directory),
            "out": .string(String(download.path.split(separator: "/").last ?? "")),
            "split": .string(String(download.requestedConnections)),
            "max-connection-per-server": .string(String(download.requestedConnections)),
            "max-download-limit": .string(String(download.rateLimit ?? 0)),
            "allow-overwrite": "false",
            "stream-piece-selector": download.inOrder ? "inorder" : "default",
        ]
        fields.merge(own) { _, own in own }
        if let split = download.minimumSplitSize { fields["min-split-size"] = .string(String(split)) }
        if let checksum = download.checksum { fields["checksum"] = .string(checksum) }
        if !download.headers.isEmpty { fields["header"] = .array(download.headers.map { .string($0) }) }
        return .object(fields)
    }
}
