/// The hidden name of a file or directory being written: `.NAME.haul-partial-XXXXXXXXXXXXXXXX`.
///
/// A process killed mid-write leaves this name behind, never the final one. `NAME` is cut to 200 bytes so that
/// the result stays within the 255-byte limit of file names.
/// - Parameter name: The final name.
/// - Returns: A fresh name with a random 64-bit hexadecimal suffix.
func partialName(for name: [UInt8]) -> [UInt8] {
    [UInt8(ascii: ".")] + name.prefix(200) + Array(".haul-partial-".utf8)
        + Array(String(UInt64.random(in: 0...UInt64.max), radix: 16).utf8)
}
