import AsyncHTTPClient
import Foundation
import HaulKit
import NIOConcurrencyHelpers
import NIOCore

/// `haul mcp`: MCP's stdio transport (one JSON-RPC message per line on standard input, one answer per line on
/// standard output) carried to a daemon's `/mcp`, so the tools, checks and limits are the daemon's alone
/// (docs/agents.md). Each line becomes one POST to `/mcp` with the secret as bearer token; the answer's body, when
/// it has one, is written back as one line. Lines are answered concurrently (a `wait_for_downloads` does not hold
/// a `tools/list` behind it), their answers written whole, one at a time.
public enum MCPStdioRelay {
    /// Answers one message: the HTTP answer of `/mcp` to it.
    public typealias Answer = @Sendable (DaemonRequest) async -> DaemonResponse

    /// The request `/mcp` gets for `line`: what an MCP client sends over HTTP.
    public static func request(_ line: Data, host: String, secret: String) -> DaemonRequest {
        DaemonRequest(method: "POST", uri: "/mcp", headers: [
            (name: "Host", value: host), (name: "Authorization", value: "Bearer \(secret)"),
            (name: "Content-Type", value: "application/json"), (name: "Accept", value: "application/json, text/event-stream"),
        ], body: line)
    }

    /// Reads standard input to its end, answering each line through `answer`; returns when every answer is written.
    public static func run(host: String, secret: String, maxLineBytes: Int, answer: @escaping Answer) async {
        let output = NIOLock()
        let lines = AsyncStream<Data> { continuation in
            Thread.detachNewThread {
                while let line = readLine(strippingNewline: true) {
                    continuation.yield(Data(line.utf8))
                }
                continuation.finish()
            }
        }
        await withTaskGroup(of: Void.self) { group in
            for await line in lines where !line.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) {
                group.addTask {
                    let body: Data
                    if line.count > maxLineBytes {
                        body = Data(#"{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"the message is larger than \#(maxLineBytes) bytes"}}"#.utf8)
                    } else {
                        body = (await answer(request(line, host: host, secret: secret))).body
                    }
                    guard !body.isEmpty else { return }  // a notification's 202
                    output.withLock { FileHandle.standardOutput.write(body + Data("\n".utf8)) }
                }
            }
        }
    }

    /// Answers through a running daemon's `/mcp` over HTTP (`DaemonAnnouncement.Info`): `haul mcp` beside `haul daemon`.
    public static func overHTTP(address: String, port: Int, client: HTTPClient = relayClient) -> Answer {
        let host = address == "0.0.0.0" || address == "::" ? "127.0.0.1" : address
        let url = "http://\(host.contains(":") ? "[\(host)]" : host):\(port)/mcp"
        return { request in
            var outgoing = HTTPClientRequest(url: url)
            outgoing.method = .POST
            for (name, value) in request.headers where name.lowercased() != "host" { outgoing.headers.add(name: name, value: value) }
            outgoing.body = .bytes(ByteBuffer(bytes: request.body))
            do {
                // Longer than the longest `wait_for_downloads`.
                let response = try await client.execute(outgoing, timeout: .seconds(Int64(AgentToolCatalog.maxWaitSeconds + 60)))
                let body = try await response.body.collect(upTo: 64 << 20)
                return DaemonResponse(
                    status: Int(response.status.code), contentType: response.headers.first(name: "content-type"),
                    body: Data(body.readableBytesView)
                )
            } catch {
                return DaemonResponse(
                    status: 502, contentType: "application/json",
                    body: failure(id: request.body, "the daemon at \(url) did not answer: \(error)")
                )
            }
        }
    }

    /// The client `overHTTP` uses: a loopback daemon that refuses the connection (it stopped) is told at once, not
    /// retried until the connect timeout, so the agent hears of it at its next message.
    public static let relayClient: HTTPClient = {
        var configuration = HTTPClient.Configuration(timeout: .init(connect: .seconds(5)))
        configuration.connectionPool.retryConnectionEstablishment = false
        return HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
    }()

    /// A JSON-RPC error answering the message `body` (its id, or null), code -32603 (internal error).
    static func failure(id body: Data, _ message: String) -> Data {
        let id = JSONValue.parse(body)?["id"] ?? .null
        let answer: JSONValue = ["jsonrpc": "2.0", "id": id, "error": ["code": -32603, "message": .string(message)]]
        return answer.data
    }
}
