/// A JSON value already written as compact text, as `JSONValue.data` would write it (keys sorted): an answer made
/// straight into bytes (`Aria2StatusWriter`) rides in a `JSONValue` tree as `.encoded` and is copied as it is.
package struct JSONText: Sendable {
    /// The UTF-8 text of one complete JSON value.
    package let bytes: [UInt8]

    init(bytes: [UInt8]) { self.bytes = bytes }

    /// Writes a value with `write` into a fresh buffer.
    init(capacity: Int = 256, _ write: (inout [UInt8]) -> Void) {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(capacity)
        write(&bytes)
        self.bytes = bytes
    }

    /// The value the text holds, as a tree (for readers and tests, not the answer's path); `null` if it is not JSON,
    /// which a writer's text always is.
    package var tree: JSONValue {
        bytes.withUnsafeBytes { JSONParser.parse($0) } ?? .null
    }
}
