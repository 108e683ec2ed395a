import Foundation

/// What an `EXT-X-KEY` tag means for the segments after it (RFC 8216 §4.3.2.4).
///
/// `METHOD=NONE` ends encryption; `METHOD=AES-128` with the identity key format (`KEYFORMAT` absent or
/// `"identity"`) is whole-segment AES-128-CBC, key at `URI`, `IV` optional (`0x` and up to 32 hex digits, left
/// padded). Anything else is refused with a sentence: SAMPLE-AES encrypts samples inside the container (a file
/// that needs a player with the key), and other key formats are DRM systems Haul does not speak.
enum HLSKeyRule {
    static func key(_ attributes: HLSAttributeList, resolve: (Substring, String) throws(HLSPlaylist.Failure) -> URL) throws(HLSPlaylist.Failure) -> HLSKey? {
        let method = attributes["METHOD"] ?? ""
        if let format = attributes["KEYFORMAT"], format != "identity", method != "NONE" {
            throw HLSPlaylist.Failure("The stream is protected by DRM (key format \(format.prefix(80))); Haul downloads only streams with no encryption or plain AES-128.")
        }
        switch method {
        case "NONE":
            return nil
        case "AES-128":
            guard let uri = attributes["URI"] else {
                throw HLSPlaylist.Failure("#EXT-X-KEY METHOD=AES-128 has no URI for its key.")
            }
            let url = try resolve(uri[...], "key URI")
            return HLSKey(url: url, iv: try attributes["IV"].map { (text) throws(HLSPlaylist.Failure) in try iv(text) })
        case "SAMPLE-AES", "SAMPLE-AES-CTR":
            throw HLSPlaylist.Failure("The stream is encrypted with \(method), which needs a player that holds the key; Haul downloads only streams with no encryption or plain AES-128.")
        default:
            throw HLSPlaylist.Failure("#EXT-X-KEY has the unknown method \(method.isEmpty ? "(none)" : String(method.prefix(40))); Haul knows NONE and AES-128.")
        }
    }

    /// `0x` followed by 1 to 32 hex digits, as 16 bytes. ASCII digits only: `Character.isHexDigit` also takes
    /// their fullwidth forms (`０`-`９`, `ａ`-`ｆ`), which `UInt8(_:radix:)` does not read.
    static func iv(_ text: String) throws(HLSPlaylist.Failure) -> [UInt8] {
        let refusal = HLSPlaylist.Failure("#EXT-X-KEY has an IV that is not 0x followed by up to 32 hex digits.")
        let lower = text.lowercased()
        let digits = lower.hasPrefix("0x") ? lower.dropFirst(2) : ""
        guard (1...32).contains(digits.count), digits.allSatisfy({ $0.isASCII && $0.isHexDigit }) else { throw refusal }
        let padded = String(repeating: "0", count: 32 - digits.count) + digits
        var bytes: [UInt8] = []
        var index = padded.startIndex
        while index < padded.endIndex {
            let next = padded.index(index, offsetBy: 2)
            guard let byte = UInt8(padded[index..<next], radix: 16) else { throw refusal }
            bytes.append(byte)
            index = next
        }
        return bytes
    }
}
