import Foundation

/// Server-Sent Events (the WHATWG `text/event-stream` format) as MCP's Streamable HTTP carries JSON-RPC messages in
/// them: each message one `message` event, its lines `data:` fields, a blank line ending it. Written by `/mcp`
/// when a client asked for progress (`MCPEndpoint`), read back by `haul mcp` (`MCPStdioRelay`). Pure: no I/O.
package enum ServerSentEvents {
    /// The event carrying `message`: `event: message`, one `data:` line per line of it, then a blank line.
    ///
    /// A JSON text has no raw line break outside its strings (they escape theirs), so a message is one `data:`
    /// line; one that has breaks is split at each (`\r\n`, `\r` or `\n`), as the format requires, and reads back
    /// joined with `\n`.
    package static func event(_ message: Data) -> Data {
        var event = Data("event: message\n".utf8)
        let text = String(decoding: message, as: UTF8.self)
            .replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            event += Data("data: ".utf8) + Data(line.utf8) + Data("\n".utf8)
        }
        event += Data("\n".utf8)
        return event
    }

    /// Reads events off a stream that arrives in chunks cut anywhere (in a line, in a UTF-8 character).
    package struct Reader: Sendable {
        /// The bytes of a line not yet ended.
        private var partial = Data()
        /// The `data:` fields of the event being read.
        private var data: [Data] = []
        private var type = ""
        /// A `\r` ended the last chunk: a `\n` starting the next belongs to it.
        private var afterCR = false
        /// The longest line kept (a stream that never ends its line is cut there): 64 MiB, past any answer of `/mcp`.
        package let maxLineBytes: Int

        package init(maxLineBytes: Int = 64 << 20) {
            self.maxLineBytes = maxLineBytes
        }

        /// The data of each `message` event (or event without a type) that `chunk` completes, in order.
        package mutating func read(_ chunk: Data) -> [Data] {
            var messages: [Data] = []
            for byte in chunk {
                if afterCR {
                    afterCR = false
                    if byte == 0x0A { continue }
                }
                if byte == 0x0A || byte == 0x0D {
                    afterCR = byte == 0x0D
                    if let message = line(partial) { messages.append(message) }
                    partial.removeAll(keepingCapacity: true)
                } else if partial.count < maxLineBytes {
                    partial.append(byte)
                }
            }
            return messages
        }

        /// Takes one whole line; the event's data when the line is the blank one that ends it.
        private mutating func line(_ line: Data) -> Data? {
            if line.isEmpty {
                defer { data = []; type = "" }
                guard !data.isEmpty, type.isEmpty || type == "message" else { return nil }
                return Data(data.joined(separator: Data("\n".utf8)))
            }
            if line.first == UInt8(ascii: ":") { return nil }  // a comment
            let colon = line.firstIndex(of: UInt8(ascii: ":"))
            let name = String(decoding: line[..<(colon ?? line.endIndex)], as: UTF8.self)
            var value = colon.map { line[line.index(after: $0)...] } ?? Data()
            if value.first == UInt8(ascii: " ") { value = value.dropFirst() }
            switch name {
            case "data": data.append(Data(value))
            case "event": type = String(decoding: value, as: UTF8.self)
            default: break  // id, retry and unknown fields: nothing a relay needs
            }
            return nil
        }
    }
}
