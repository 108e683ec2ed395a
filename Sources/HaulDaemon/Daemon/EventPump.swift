import HaulKit

/// Carries the manager's events to the service (what snapshots do not say) and, through `Aria2Notifier`, to the
/// WebSocket clients: aria2's notifications to all of them, progress pushes to subscribers.
enum EventPump {
    /// Runs until the manager's event stream ends (at shutdown), then calls `then`.
    static func run(
        events: ManagerEvents, service: Aria2Service, hub: NotificationHub, then finished: @escaping @Sendable () -> Void
    ) -> Task<Void, Never> {
        Task {
            var notifier = Aria2Notifier()
            for await event in events {
                if Aria2Service.observes(event) { await service.observe(event) }
                for output in notifier.event(event) {
                    switch output {
                    case .aria2(let method, let gid):
                        hub.broadcast(Self.text(of: JSONRPCEnvelope.notification(method, [["gid": .string(gid)]])), progress: false)
                    case .progress(let fields):
                        hub.broadcast(Self.text(of: JSONRPCEnvelope.notification("haul.onProgress", [fields])), progress: true)
                    }
                }
            }
            finished()
        }
    }

    /// A notification as the text of a WebSocket frame.
    static func text(of message: JSONValue) -> String {
        String(decoding: message.data, as: UTF8.self)
    }
}
