import Foundation
import HaulCore

/// Which hooks run, set on the command line (`haul`) or in the daemon's configuration, never over RPC: a client
/// that could set a hook could run any program as the user.
///
/// The hooks live in HaulKit (`Hooks/`), not in the `haul` target, so that `haul daemon` reuses the same runner and
/// observer: both front ends drive a `DownloadManager`, and the hooks need nothing but its events and its store.
package struct HookConfiguration: Sendable, Equatable {
    /// The program for each event: a path, or a name looked up in `PATH`. Run directly, without a shell.
    package var commands: [DownloadHookEvent: String]
    /// Where every event is POSTed as JSON, if anywhere.
    package var webhook: URL?
    /// How long a hook program may run before it is stopped (SIGTERM, then SIGKILL 2 s later).
    package var timeoutSeconds: Double
    /// When a failed web hook is tried again.
    package var webhookRetry: WebhookRetry

    package init(
        commands: [DownloadHookEvent: String] = [:], webhook: URL? = nil, timeoutSeconds: Double = 60,
        webhookRetry: WebhookRetry = WebhookRetry()
    ) {
        self.commands = commands
        self.webhook = webhook
        self.timeoutSeconds = timeoutSeconds
        self.webhookRetry = webhookRetry
    }

    /// Whether nothing is configured.
    package var isEmpty: Bool { commands.isEmpty && webhook == nil }

    /// The events something listens to: all of them with a web hook.
    package var configuredEvents: Set<DownloadHookEvent> {
        webhook != nil ? Set(DownloadHookEvent.allCases) : Set(commands.keys)
    }
}
