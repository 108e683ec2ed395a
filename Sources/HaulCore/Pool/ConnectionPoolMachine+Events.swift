extension ConnectionPoolMachine {
    /// `request` wants a connection for `key`.
    public mutating func request(_ request: PoolRequestID, for key: PoolKey) -> [Action] {
        if let idle = mostRecentIdle(for: key) {
            connections[idle]?.state = .leased(request)
            return [.lease(idle, to: request)]
        }
        waiters[key.host, default: []].append(Waiter(request: request, key: key))
        return openForWaiters(host: key.host)
    }

    /// The connection `id` asked for by ``Action/open(_:_:)`` is open.
    public mutating func connectionOpened(_ id: PooledConnectionID, at now: Double) -> [Action] {
        guard let connection = connections[id], connection.state == .opening else {
            preconditionFailure("connection \(id) opened, but the pool did not ask to open it")
        }
        return place(id, key: connection.key, now: now)
    }

    /// The connection `id` could not be opened. The oldest waiter for its key that no other opening connection
    /// will serve is failed with `reason` (the engine's retry rules then decide about it), so one refused connect
    /// fails one request, not every waiter; a waiter left without an opening connection gets a new one.
    public mutating func connectionFailed(_ id: PooledConnectionID, reason: String) -> [Action] {
        guard let connection = connections.removeValue(forKey: id), connection.state == .opening else {
            preconditionFailure("connection \(id) failed to open, but the pool did not ask to open it")
        }
        let host = connection.key.host
        let opening = connections.values.count { $0.key == connection.key && $0.state == .opening }
        let waiting = (waiters[host] ?? []).filter { $0.key == connection.key }
        guard waiting.count > opening, let first = waiting.first else { return openForWaiters(host: host) }
        waiters[host]?.removeAll { $0.request == first.request }
        // The others get their own attempt: one per failure, so a refusing host sees no more connects than requests.
        return [.fail(first.request, reason: reason)] + openForWaiters(host: host)
    }

    /// The request on `id` is done. A `reusable` connection (the response was read to its end and kept alive) serves
    /// the next waiter or waits idle; another is closed by the I/O layer already, and its place may go to a waiter.
    public mutating func released(_ id: PooledConnectionID, reusable: Bool, at now: Double) -> [Action] {
        guard let connection = connections[id], case .leased = connection.state else {
            preconditionFailure("connection \(id) released, but it was not leased")
        }
        let host = connection.key.host
        if !reusable {
            connections[id] = nil
            return openForWaiters(host: host)
        }
        if connectionCount(forHost: host) > limit(forHost: host) {
            connections[id] = nil
            return [.close(id)] + openForWaiters(host: host)
        }
        return place(id, key: connection.key, now: now)
    }

    /// The server (or the network) closed `id` while it was idle.
    public mutating func closed(_ id: PooledConnectionID) -> [Action] {
        guard let connection = connections.removeValue(forKey: id) else { return [] }
        return openForWaiters(host: connection.key.host)
    }

    /// `request` no longer wants a connection (its download was paused or cancelled while it waited).
    public mutating func cancel(_ request: PoolRequestID, for key: PoolKey) -> [Action] {
        waiters[key.host]?.removeAll { $0.request == request }
        return []
    }

    /// Closes connections idle for longer than ``Settings/idleSeconds`` at `now`.
    public mutating func closeIdle(at now: Double) -> [Action] {
        let expired = connections.filter {
            if case .idle(let since) = $0.value.state { return now - since >= settings.idleSeconds }
            return false
        }.keys.sorted()
        for id in expired { connections[id] = nil }
        return expired.map { .close($0) }
    }

    /// Sets `host`'s limit (its learned budget). Lowered: idle connections above it close now, leased ones when
    /// released. Raised: waiters get new connections at once.
    public mutating func setLimit(_ limit: Int, forHost host: String) -> [Action] {
        limits[host] = max(1, limit)
        var actions: [Action] = []
        let idle = connections.filter {
            guard $0.value.key.host == host, case .idle = $0.value.state else { return false }
            return true
        }.keys.sorted()
        for id in idle where connectionCount(forHost: host) > self.limit(forHost: host) {
            connections[id] = nil
            actions.append(.close(id))
        }
        return actions + openForWaiters(host: host)
    }

    // MARK: - Helpers

    private func mostRecentIdle(for key: PoolKey) -> PooledConnectionID? {
        connections.compactMap { id, connection -> (PooledConnectionID, Double)? in
            guard connection.key == key, case .idle(let since) = connection.state else { return nil }
            return (id, since)
        }.max { ($0.1, $0.0) < ($1.1, $1.0) }?.0
    }

    private func leastRecentIdle(host: String) -> PooledConnectionID? {
        connections.compactMap { id, connection -> (PooledConnectionID, Double)? in
            guard connection.key.host == host, case .idle(let since) = connection.state else { return nil }
            return (id, since)
        }.min { ($0.1, $0.0) < ($1.1, $1.0) }?.0
    }

    /// Gives the open connection `id` to the oldest waiter for its key, or lets it idle.
    private mutating func place(_ id: PooledConnectionID, key: PoolKey, now: Double) -> [Action] {
        if let index = waiters[key.host]?.firstIndex(where: { $0.key == key }) {
            let waiter = waiters[key.host]!.remove(at: index)
            connections[id]?.state = .leased(waiter.request)
            return [.lease(id, to: waiter.request)]
        }
        connections[id]?.state = .idle(since: now)
        return openForWaiters(host: key.host)
    }

    /// Opens connections for waiters of `host` that no opening connection will serve, while the host has room.
    /// A waiter whose key differs from every idle connection's may take an idle connection's place: that idle one
    /// is closed (the host is at its limit, and an idle connection to one route must not starve another route).
    private mutating func openForWaiters(host: String) -> [Action] {
        var actions: [Action] = []
        var opening: [PoolKey: Int] = [:]
        for connection in connections.values where connection.key.host == host && connection.state == .opening {
            opening[connection.key, default: 0] += 1
        }
        for waiter in waiters[host] ?? [] {
            if let pending = opening[waiter.key], pending > 0 {
                opening[waiter.key] = pending - 1
                continue
            }
            while connectionCount(forHost: host) >= limit(forHost: host), let idle = leastRecentIdle(host: host) {
                connections[idle] = nil
                actions.append(.close(idle))
            }
            guard connectionCount(forHost: host) < limit(forHost: host) else { break }
            nextConnection += 1
            let id = PooledConnectionID(nextConnection)
            connections[id] = Connection(key: waiter.key, state: .opening)
            actions.append(.open(id, waiter.key))
        }
        return actions
    }
}
