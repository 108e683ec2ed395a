import Foundation

/// A linear scan of JSON text that measures what decoding would cost before anything is decoded: how deep arrays
/// and objects nest, and how many elements a top-level array holds.
///
/// Decoding a value nested 500 deep took about 1.2 s of CPU (issue 33, point 2: 35 s for a 30 KB body, before the
/// secret was checked). aria2's clients nest a few levels (a batch, a call, its params, an option struct, a header
/// list: 5), so `JSONRPCEnvelope` refuses anything deeper than `maxDepth` and batches over its bound from this scan,
/// in one pass over the bytes and without allocating. The scan does not validate: text it lets through may still
/// be refused by the decoder.
package enum JSONNesting {
    /// The deepest nesting read: 64 levels of arrays and objects (aria2's clients need 5).
    package static let maxDepth = 64

    /// What the scan found.
    package enum Verdict: Equatable, Sendable {
        /// Within both bounds (not necessarily valid JSON).
        case acceptable
        /// Arrays and objects nest deeper than the bound.
        case tooDeep
        /// The top-level array holds more elements than the bound.
        case tooManyElements
    }

    /// Scans `bytes`, stopping at the first bound passed.
    ///
    /// - Parameters:
    ///   - maxDepth: the deepest nesting allowed (a bare `[]` is depth 1).
    ///   - maxElements: the most elements a top-level array may hold (a batch's calls); `nil`: any number.
    package static func scan(_ bytes: Data, maxDepth: Int = maxDepth, maxElements: Int? = nil) -> Verdict {
        bytes.withUnsafeBytes { buffer in scan(buffer, maxDepth: maxDepth, maxElements: maxElements) }
    }

    static func scan(_ bytes: UnsafeRawBufferPointer, maxDepth: Int, maxElements: Int?) -> Verdict {
        var depth = 0
        var inString = false
        var escaped = false
        var topLevelArray = false
        var commas = 0
        for byte in bytes {
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""):
                inString = true
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                if depth == 0 { topLevelArray = byte == UInt8(ascii: "[") }
                depth += 1
                if depth > maxDepth { return .tooDeep }
            case UInt8(ascii: "]"), UInt8(ascii: "}"):
                depth -= 1
                if depth < 0 { return .acceptable }  // malformed: the decoder refuses it
            case UInt8(ascii: ","):
                // n commas separate n + 1 elements.
                if depth == 1 && topLevelArray, let maxElements {
                    commas += 1
                    if commas >= maxElements { return .tooManyElements }
                }
            default:
                break
            }
        }
        return .acceptable
    }
}
