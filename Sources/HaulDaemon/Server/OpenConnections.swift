import NIOConcurrencyHelpers
import NIOCore

/// The server's open connections: `ConnectionTable`'s decisions, and the channels they close.
final class OpenConnections: Sendable {
    private struct State {
        var table: ConnectionTable
        var channels: [ConnectionTable.ID: any Channel] = [:]
        var ids: [ObjectIdentifier: ConnectionTable.ID] = [:]
        var next: ConnectionTable.ID = 0
    }

    private let state: NIOLockedValueBox<State>
    private let load: ServerLoad

    init(capacity: Int, listenersWithoutSecret: Int? = nil, load: ServerLoad) {
        let table = ConnectionTable(capacity: capacity, listenersWithoutSecret: listenersWithoutSecret)
        state = NIOLockedValueBox(State(table: table))
        self.load = load
    }

    /// Admits `channel`, just accepted, closing one that has not shown the secret when at the cap
    /// (`ConnectionTable`, rule 1); `false` when it is refused (every open connection has shown the secret and is
    /// answering or a WebSocket).
    func admit(_ channel: any Channel) -> Bool {
        let (id, admission, victim) = state.withLockedValue { state -> (ConnectionTable.ID, ConnectionTable.Admission, (any Channel)?) in
            state.next += 1
            let id = state.next
            let admission = state.table.open(id)
            guard admission != .refuse else { return (id, admission, nil) }
            state.channels[id] = channel
            state.ids[ObjectIdentifier(channel)] = id
            guard case .admitClosing(let closing) = admission else { return (id, admission, nil) }
            return (id, admission, Self.forget(closing, in: &state))
        }
        switch admission {
        case .refuse:
            load.update { $0.refused += 1 }
            return false
        case .admitClosing:
            load.update { $0.closedToAdmit += 1 }
            victim?.close(promise: nil)
        case .admit:
            break
        }
        channel.closeFuture.whenComplete { [self] _ in closed(id, channel) }
        return true
    }

    /// The number `admit` gave `channel`; `nil` when it was refused.
    func id(of channel: any Channel) -> ConnectionTable.ID? {
        state.withLockedValue { $0.ids[ObjectIdentifier(channel)] }
    }

    /// Connection `id` now does `activity`; a WebSocket without the secret too many is closed (rule 2).
    func update(_ id: ConnectionTable.ID, to activity: ConnectionTable.Activity) {
        let victim = state.withLockedValue { state -> (any Channel)? in
            guard let closing = state.table.update(id, to: activity) else { return nil }
            return Self.forget(closing, in: &state)
        }
        guard let victim else { return }
        load.update { $0.closedListenersWithoutSecret += 1 }
        victim.close(promise: nil)
    }

    /// A call on connection `id` carried the secret (`right`) or a wrong token (on any route).
    func secret(_ id: ConnectionTable.ID, shown right: Bool) {
        state.withLockedValue { $0.table.secret(id, shown: right) }
    }

    /// The channel of `id`, taken out of the maps (the table has let it go).
    private static func forget(_ id: ConnectionTable.ID, in state: inout State) -> (any Channel)? {
        guard let channel = state.channels.removeValue(forKey: id) else { return nil }
        state.ids[ObjectIdentifier(channel)] = nil
        return channel
    }

    private func closed(_ id: ConnectionTable.ID, _ channel: any Channel) {
        state.withLockedValue { state in
            state.table.closed(id)
            if state.channels.removeValue(forKey: id) != nil { state.ids[ObjectIdentifier(channel)] = nil }
        }
    }
}

/// Admits each accepted connection on the listening socket's event loop, so in the order they were accepted
/// (children are set up on several event loops, in no fixed order). A refused one is closed by its initializer.
final class ConnectionAdmission: ChannelInboundHandler {
    typealias InboundIn = any Channel
    typealias InboundOut = any Channel

    private let connections: OpenConnections

    init(_ connections: OpenConnections) {
        self.connections = connections
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        _ = connections.admit(unwrapInboundIn(data))
        context.fireChannelRead(data)
    }
}
