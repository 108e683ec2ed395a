/// Runs `body` with a started ``TestServer`` and shuts the server down afterwards, also when `body` throws.
///
/// - Parameters:
///   - host: The address to listen on.
///   - threads: The number of event loops serving connections.
///   - tls: Serve https with ``TestCertificates`` (``TestServer/start(host:threads:tls:)``).
///   - body: The code that uses the server.
/// - Returns: What `body` returns.
/// - Throws: What starting the server or `body` throws; a shutdown error only when `body` succeeded.
public func withTestServer<Result>(
    host: String = "127.0.0.1",
    threads: Int = 2,
    tls: Bool = false,
    isolation: isolated (any Actor)? = #isolation,
    _ body: (TestServer) async throws -> Result
) async throws -> Result {
    let server = try await TestServer.start(host: host, threads: threads, tls: tls)
    let result: Result
    do {
        result = try await body(server)
    } catch {
        try? await server.shutdown()
        throw error
    }
    try await server.shutdown()
    return result
}
