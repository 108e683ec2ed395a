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
package enum MCPStdioRelay {
    /// Answers one message: the HTTP answer of `/mcp` to it.
    package typealias Answer = @Sendable (DaemonRequest) async -> DaemonResponse

    /// The request `/mcp` gets for `line`: what an MCP client sends over HTTP.
    package static func request(_ line: Data, host: String, secret: String) -> DaemonRequest {
        DaemonRequest(method: "POST", uri: "/mcp", headers: [
            (name: "Host", value: host), (name: "Authorization", value: "Bearer \(secret)"),
            (name: "Content-Type", value: "application/json"), (name: "Accept", value: "application/json, text/event-stream"),
        ], body: line)
    }

    /// Reads standard input to its end, answering each line through `answer`; returns when every answer is written.
    package static func run(host: String, secret: String, maxLineBytes: Int, answer: @escaping Answer) async {
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
                    let write: @Sendable (Data) -> Void = { message in
                        output.withLock { FileHandle.standardOutput.write(message + Data("\n".utf8)) }
                    }
                    guard line.count <= maxLineBytes else {
                        return write(Data(#"{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"the message is larger than \#(maxLineBytes) bytes"}}"#.utf8))
                    }
                    await relay(await answer(request(line, host: host, secret: secret)), to: write)
                }
            }
        }
    }

    /// Writes the messages of `response` with `write`, one each: its JSON body, or each event of its Server-Sent
    /// Events stream (a call's progress notifications, then its result) as it arrives. A notification's 202 has none.
    static func relay(_ response: DaemonResponse, to write: @Sendable (Data) -> Void) async {
        guard let chunks = response.chunks else {
            if !response.body.isEmpty { write(response.body) }
            return
        }
        var events = ServerSentEvents.Reader()
        for await chunk in chunks {
            for message in events.read(chunk) where !message.isEmpty { write(message) }
        }
    }

    /// Answers through a running daemon's `/mcp` over HTTP (`DaemonAnnouncement.Info`): `haul mcp` beside `haul daemon`.
    package static func overHTTP(address: String, port: Int, client: HTTPClient = relayClient) -> Answer {
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
                let type = response.headers.first(name: "content-type")
                if type?.lowercased().hasPrefix("text/event-stream") == true {
                    // Read as the relay writes: the next part of the body is asked for once this one is written.
                    let parts = BodyParts(response.body.makeAsyncIterator())
                    return DaemonResponse(status: Int(response.status.code), contentType: type, chunks: AsyncStream(unfolding: { await parts.next() }))
                }
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
    package static let relayClient: HTTPClient = {
        var configuration = HTTPClient.Configuration(timeout: .init(connect: .seconds(5)))
        configuration.connectionPool.retryConnectionEstablishment = false
        return HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
    }()

    /// The parts of an HTTP answer's body, one at a time, for `AsyncStream(unfolding:)`; a failed read ends it.
    /// Unchecked: the stream asks for one part at a time, from its one reader (`relay`).
    private final class BodyParts: @unchecked Sendable {
        private var iterator: HTTPClientResponse.Body.AsyncIterator

        init(_ iterator: HTTPClientResponse.Body.AsyncIterator) {
            self.iterator = iterator
        }

        func next() async -> Data? {
            guard let part = try? await iterator.next() else { return nil }
            return Data(part.readableBytesView)
        }
    }

    /// A JSON-RPC error answering the message `body` (its id, or null), code -32603 (internal error).
    static func failure(id body: Data, _ message: String) -> Data {
        let id = JSONValue.parse(body)?["id"] ?? .null
        let answer: JSONValue = ["jsonrpc": "2.0", "id": id, "error": ["code": -32603, "message": .string(message)]]
        return answer.data
    }
}
