import Foundation
import HaulTestSupport
import XCTest

@testable import HaulDaemon

/// The hand-written reader and writer of the RPC's JSON (issue 62, point 4) against `JSONDecoder`, which read
/// requests before: the same values for what clients send, the same refusals, and a seeded round trip.
final class JSONParserTests: XCTestCase {
    static let valid: [String] = [
        #"{"jsonrpc":"2.0","id":"q","method":"system.multicall","params":[[{"methodName":"aria2.tellActive","params":["token:s"]},{"methodName":"aria2.getGlobalStat","params":["token:s"]}]]}"#,
        #" [ 1 , -2 , 0 , -0 , 9223372036854775807 , -9223372036854775808 , 1.5 , -2.25e3 , 1E-2 ] "#,
        #"{"a":true,"b":false,"c":null,"d":{},"e":[],"f":"","g":{"h":[{"i":[]}]}}"#,
        #""\u00e9\ud83d\ude00 \" \\ \/ \b \f \n \r \t \u0000 é 😀""#,
        #"{"k":1,"k":2}"#,
        "12", "\"text\"", "null", "\t\r\n{\"x\" : [ ] }\n",
    ]

    static let invalid: [String] = [
        "", " ", "{", "[1 2]", "{\"a\" 1}", "{1:2}", "01", "1.", ".5", "-", "+1", "1e", "1e+",
        "1e999", "tru", "nul", "[1]x", "\"abc", "\"\\x\"", "\"\\u12\"", "\"\\ud800\"", "\"\\udc00\"", "\"\\ud800\\u0041\"",
        "\"a\u{01}b\"", "'a'", "NaN", "[-]", "{\"a\":}",
    ]

    /// Refused here (RFC 8259), read by the decoder: no client sends them.
    static let trailingCommas = ["[1,]", "{\"a\":1,}", "[[],]"]

    func testReadsWhatTheDecoderRead() throws {
        for text in Self.valid {
            let decoded = try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
            XCTAssertEqual(JSONValue.parse(Data(text.utf8)), decoded, text)
        }
    }

    func testRefusesWhatIsNotOneJSONValue() {
        for text in Self.invalid {
            XCTAssertNil(JSONValue.parse(Data(text.utf8)), text)
            XCTAssertNil(try? JSONDecoder().decode(JSONValue.self, from: Data(text.utf8)), "the decoder refused it too: \(text)")
        }
        for text in Self.trailingCommas { XCTAssertNil(JSONValue.parse(Data(text.utf8)), text) }
        // Invalid UTF-8 inside a string, before and after an escape.
        XCTAssertNil(JSONValue.parse(Data([0x22, 0xC3, 0x28, 0x22])))
        XCTAssertNil(JSONValue.parse(Data([0x22, 0x5C, 0x6E, 0xFF, 0x22])))
    }

    func testIntegersStayIntegers() {
        XCTAssertEqual(JSONValue.parse(Data("[7,-7,7.0,1e2,9223372036854775808,0.5]".utf8)), .array([.int(7), .int(-7), .int(7), .int(100), .double(9_223_372_036_854_775_808), .double(0.5)]))
    }

    func testWritesIntegersAndEscapesAsJSONSerializationReadsThem() throws {
        let value: JSONValue = .object([
            "min": .int(.min), "max": .int(.max), "zero": .int(0), "neg": .int(-42),
            "text": .string("a\"b\\c\nd\re\tf\u{01}g\u{1F}é😀"), "plain": .string("nothing to escape"), "empty": .string(""),
        ])
        let text = String(decoding: value.data, as: UTF8.self)
        XCTAssertEqual(
            text,
            #"{"empty":"","max":9223372036854775807,"min":-9223372036854775808,"neg":-42,"plain":"nothing to escape","text":"a\"b\\c\nd\re\tf\u0001g\u001fé😀","zero":0}"#
        )
        let read = try XCTUnwrap(JSONSerialization.jsonObject(with: value.data) as? [String: Any])
        XCTAssertEqual(read["text"] as? String, "a\"b\\c\nd\re\tf\u{01}g\u{1F}é😀")
    }

    /// Random values from a fixed seed: written, then read back by both readers.
    func testSeededValuesRoundTrip() throws {
        var generator = SeededGenerator(seed: 62_4)
        for round in 0..<300 {
            let value = Self.randomValue(depth: 0, using: &generator)
            let data = value.data
            XCTAssertEqual(JSONValue.parse(data), value, "round \(round): \(String(decoding: data, as: UTF8.self))")
            XCTAssertEqual(try JSONDecoder().decode(JSONValue.self, from: data), value, "round \(round)")
        }
    }

    static func randomValue(depth: Int, using generator: inout SeededGenerator) -> JSONValue {
        switch Int.random(in: 0..<(depth < 4 ? 8 : 6), using: &generator) {
        case 0: return .null
        case 1: return .bool(Bool.random(using: &generator))
        case 2: return .int(Int64.random(in: .min ... .max, using: &generator))
        case 3: return .int(Int64.random(in: -1000...1000, using: &generator))
        case 4: return .double(Double(Int.random(in: -100_000...100_000, using: &generator)) + 0.5)
        case 5: return .string(randomString(using: &generator))
        case 6:
            return .array((0..<Int.random(in: 0..<5, using: &generator)).map { _ in randomValue(depth: depth + 1, using: &generator) })
        default:
            var members: [String: JSONValue] = [:]
            for _ in 0..<Int.random(in: 0..<5, using: &generator) {
                members[randomString(using: &generator)] = randomValue(depth: depth + 1, using: &generator)
            }
            return .object(members)
        }
    }

    static func randomString(using generator: inout SeededGenerator) -> String {
        let pieces = ["a", "Z", "0", " ", "\"", "\\", "/", "\n", "\t", "\u{0}", "\u{1F}", "é", "中", "😀", "token:", "\u{7F}"]
        return (0..<Int.random(in: 0..<8, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
    }
}
