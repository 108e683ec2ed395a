/// A server that answers paths with handlers: the socket one (`TestServer`) and its in-memory twin
/// (`ScriptedServer`) take the same routes, so a test can move between them without changing a line.
public protocol RouteServing: Sendable {
    /// Adds or replaces the handler for an exact path (without query).
    func route(_ path: String, _ handler: @escaping TestServer.Handler)
}

extension RouteServing {
    /// Serves a file at a path: `route(path) { file.response(for: $0) }`.
    public func serve(_ path: String, _ file: FileResource) {
        route(path) { file.response(for: $0) }
    }

    /// Serves `file` at `path`, each response sent at `bytesPerSecond` while `throttle` is on (always unless the
    /// test turns it off, e.g. to let a resumed download finish quickly). The switch is read again before each
    /// slice of a body, so turning it off also speeds up the responses already on their way.
    public func serve(_ path: String, _ file: FileResource, bytesPerSecond: Int, while throttle: Switch = Switch(on: true)) {
        route(path) { request in
            var response = file.response(for: request)
            if throttle.isOn {
                response.bytesPerSecond = bytesPerSecond
                response.throttledWhile = throttle
            }
            return response
        }
    }
}
