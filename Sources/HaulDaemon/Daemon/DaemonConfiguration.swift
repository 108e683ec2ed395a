import Foundation
import HaulKit

/// How `haul daemon` runs: where it listens, who may call it, where files may go, the queue's limits.
package struct DaemonConfiguration: Sendable {
    package var stateDirectory: String
    /// `--rpc-listen-address` (default loopback only).
    package var listenAddress: String = "127.0.0.1"
    /// `--rpc-listen-port` (0: the system picks, for tests).
    package var port: Int = 6800
    /// `--rpc-secret-file`; without it a secret is generated into `STATE_DIR/rpc-secret`.
    package var secretFile: String?
    /// `-d`: the default download directory.
    package var downloadDirectory: String
    /// `--allow-dir`: where RPC clients may save (default: the download directory).
    package var allowedDirectories: [String] = []
    /// `--rpc-allow-host`: more names the daemon answers to.
    package var allowedHosts: [String] = []
    /// `--rpc-allow-origin`: browser origins allowed besides the daemon's own.
    package var allowedOrigins: [String] = []
    /// Let browser extensions (`chrome-extension://`, `moz-extension://`, `safari-web-extension://`) call with the
    /// secret (`OriginPolicy`). On by default, so that Aria2-Explorer, aria2-integration, download_with_aria2 and
    /// motrix-webextension work unmodified (their origins differ per install, so they cannot be listed beforehand);
    /// the secret is what admits them, and a web page cannot claim an extension's origin.
    /// `--no-rpc-allow-extensions` turns it off.
    package var extensionsWithSecret = true
    /// Let pages served from this machine on another port (`http://127.0.0.1:8888`, `http://localhost:…`: webui-aria2
    /// or AriaNg served locally) call with the secret (`OriginPolicy`). On by default, as aria2's users expect of a
    /// front-end they serve themselves; `--no-rpc-allow-local-pages` turns it off.
    package var localPagesWithSecret = true
    /// `-j`.
    package var maxConcurrent: Int = QueueLimits.standard.maxConcurrent
    /// `--max-connections`: the cap over all running downloads (default: `maxConcurrent` × 32, the most one
    /// download may ask for: `ConnectionCount.range`).
    package var maxConnections: Int?

    /// The queue's limits at the start: `maxConcurrent`, and `maxConnections` or the queue's rule for a cap nobody
    /// chose (`QueueLimits(maxConcurrent:connectionsEach:)`, each download up to its own count), as the library's
    /// `QueueLimits.standard` and `haul resume`.
    package var queueLimits: QueueLimits {
        maxConnections.map { QueueLimits(maxConcurrent: maxConcurrent, maxTotalConnections: $0) }
            ?? QueueLimits(maxConcurrent: maxConcurrent, connectionsEach: ConnectionCount.range.upperBound)
    }
    /// `-x`: the count of a download added without `split`: `ConnectionCount.default` (automatic, up to 16), as in
    /// the library and `haul`.
    package var connectionCount: ConnectionCount = .default
    /// `-x`'s most: a fixed count, or an automatic count's ceiling (`connectionCount.most`).
    package var connections: Int {
        get { connectionCount.most }
        set { connectionCount = autoConnections ? .automatic(ceiling: newValue) : .fixed(newValue) }
    }
    /// `-x auto`: Haul chooses the count of a download added without `split`, up to `connections`.
    package var autoConnections: Bool {
        get { connectionCount.isAutomatic }
        set { connectionCount = newValue ? .automatic(ceiling: connections) : .fixed(connections) }
    }
    /// `--max-overall-rate` in bytes per second.
    package var maxOverallRate: Int64?
    /// `--speed-schedule`: the overall limit by local time (`maxOverallRate` where no rule holds); also the
    /// `speed-schedule` global option.
    package var speedSchedule: SpeedSchedule?
    /// `--folder-rule`, several separated by `;`: where a download added without `dir` goes by its name or
    /// Content-Type (`FolderRules(parsingList:)`); also the `folder-rule` global option. Its directories must be
    /// inside the allowed ones, or the daemon does not start.
    package var folderRules = ""
    /// `--queue-schedule`: when the queue runs (always when `nil`); also the `queue-schedule` global option.
    package var queueSchedule: QueueSchedule?
    /// `--limit-rate`: each new download's own limit.
    package var limitRate: Int64?
    /// The engine's settings for the downloads (timeouts, retries, proxies, trust: `haul daemon` takes the same
    /// transfer options as `haul get`); its state directory is replaced by `stateDirectory`.
    package var client = HaulConfiguration()
    /// `--on-download-*` hooks and the web hook (command line only, never settable over RPC: a hook runs a program
    /// as the user). `nil`: none.
    package var hooks: HookRunner?
    /// The exit code a failure is reported with to hooks (`HAUL_EXIT_CODE`): the `haul` command's.
    package var hookExitCode: @Sendable (HaulError) -> Int32 = { _ in 1 }
    /// Where the daemon's notes go (ignored RPC options, by name only): standard error.
    package var log: @Sendable (String) -> Void = { FileHandle.standardError.write(Data(("haul daemon: " + $0 + "\n").utf8)) }
    package var limits = ServerLimits()
    /// How long an unauthorized call waits for its answer.
    package var unauthorizedDelay: Duration = .milliseconds(500)

    package init(stateDirectory: String, downloadDirectory: String) {
        self.stateDirectory = stateDirectory
        self.downloadDirectory = downloadDirectory
    }

    /// Whether `address` reaches only this machine.
    package static func isLoopback(_ address: String) -> Bool {
        let value = address.lowercased()
        return value == "localhost" || value == "::1" || value == "[::1]" || value.hasPrefix("127.")
    }

    /// The refusals that stop the daemon before it listens.
    package func validate() throws(DaemonError) {
        if !Self.isLoopback(listenAddress) && secretFile == nil {
            throw DaemonError("--rpc-listen-address \(listenAddress) is not loopback: give --rpc-secret-file FILE as well (a daemon reachable from other machines needs a secret chosen on purpose)")
        }
        if !(0...65535).contains(port) { throw DaemonError("--rpc-listen-port must be 0 to 65535") }
    }
}

/// A reason the daemon cannot start (a usage error: exit 2).
package struct DaemonError: Error, Sendable, CustomStringConvertible {
    package let message: String
    package init(_ message: String) { self.message = message }
    package var description: String { message }
}
