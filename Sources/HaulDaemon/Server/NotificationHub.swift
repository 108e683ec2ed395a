import NIOConcurrencyHelpers
import NIOCore
import NIOWebSocket

/// The open WebSocket connections, and what each may receive.
///
/// aria2's notifications carry only a GID and go to every connection that passed the Host and Origin checks (real
/// clients, aria2p among them, listen without sending the secret). Haul's progress pushes carry names, URLs and
/// byte counts, so they go only to connections that asked with the secret (`haul.subscribeProgress`). A connection
/// whose socket is not draining (not writable) skips progress pushes rather than piling them up in memory: the
/// next push carries the newer counts anyway.
package final class NotificationHub: Sendable {
    struct Subscriber {
        var channel: any Channel
        var wantsProgress = false
        /// Let in on condition of the secret (`OriginPolicy.Verdict.allowedWithSecret`): no broadcasts until a call
        /// on it has carried the secret (an extension's AriaNg then gets its notifications as from aria2).
        var secretRequired: Bool
    }

    private let subscribers = NIOLockedValueBox<[ObjectIdentifier: Subscriber]>([:])

    package init() {}

    /// The number of open WebSocket connections.
    package var count: Int { subscribers.withLockedValue { $0.count } }

    func add(_ channel: any Channel, secretRequired: Bool) {
        subscribers.withLockedValue { $0[ObjectIdentifier(channel)] = Subscriber(channel: channel, secretRequired: secretRequired) }
    }

    func remove(_ channel: any Channel) {
        _ = subscribers.withLockedValue { $0.removeValue(forKey: ObjectIdentifier(channel)) }
    }

    func authenticated(_ channel: any Channel) {
        subscribers.withLockedValue { $0[ObjectIdentifier(channel)]?.secretRequired = false }
    }

    func subscribeProgress(_ channel: any Channel) {
        subscribers.withLockedValue { $0[ObjectIdentifier(channel)]?.wantsProgress = true }
    }

    /// Sends `text` to every connection that may have it; `text` is made only when there is one (a daemon that
    /// nobody listens to does not encode a notification per add: 4.4 % of a debug daemon's samples during adds).
    package func broadcast(_ text: @autoclosure () -> String, progress: Bool) {
        let targets = subscribers.withLockedValue { all in
            all.values.filter { progress ? $0.wantsProgress : !$0.secretRequired }.map(\.channel)
        }
        let ready = targets.filter { !progress || $0.isWritable }
        guard !ready.isEmpty else { return }
        let text = text()
        for channel in ready {
            Self.send(text, on: channel)
        }
    }

    /// Writes one text frame (thread-safe: the channel hops to its event loop).
    static func send(_ text: String, on channel: any Channel) {
        let buffer = channel.allocator.buffer(string: text)
        channel.writeAndFlush(WebSocketFrame(fin: true, opcode: .text, data: buffer), promise: nil)
    }
}
