import Foundation
import HaulDaemon
import HaulTestSupport
import XCTest

/// A bounded fuzz of the RPC decoder and endpoint (issue 33): random and mutated bodies from a fixed seed; every
/// one gets a JSON-RPC answer (a result or an error with a JSON-RPC or aria2 code), and none crashes. The seed is
/// printed on failure; `HAUL_FUZZ_SEED` replays another, `HAUL_FUZZ_ROUNDS` runs longer.
final class RPCDecoderFuzzTests: XCTestCase {
    /// Requests as clients send them (no right secret among them: only the open methods run).
    static let corpus: [String] = [
        #"{"jsonrpc":"2.0","id":1,"method":"system.listMethods"}"#,
        #"{"jsonrpc":"2.0","id":"q","method":"aria2.tellActive","params":["token:wrong",["gid","status"]]}"#,
        #"[{"jsonrpc":"2.0","id":1,"method":"system.listNotifications"},{"id":2,"method":"aria2.getVersion","params":[]}]"#,
        #"{"jsonrpc":"2.0","id":7,"method":"system.multicall","params":[[{"methodName":"system.listMethods","params":[]},{"methodName":"aria2.tellWaiting","params":["token:x",0,9223372036854775807]}]]}"#,
        #"{"jsonrpc":2.0,"id":null,"method":"aria2.addUri","params":["token:x",["http://a/b"],{"out":"x","header":["A: b"]}]}"#,
        #"{"id":-1.5e308,"method":"aria2.changePosition","params":["token:x","0000000000000001",-9223372036854775808,"POS_CUR"]}"#,
        #"{"id":{"a":[1,{"b":"\u00e9\ud83d\ude00"}]},"method":"system.listMethods","params":null}"#,
    ]

    static let fragments: [String] = [
        "[", "]", "{", "}", ",", ":", "\"", "\\", "\\u", "\\ud800", "null", "true", "-", "0", "1e999", "-0",
        "9223372036854775808", "\"token:", "\"method\"", "\"params\"", "\"id\"", "\u{0}", "\u{7F}", "é", "😀",
        "system.multicall", "\"methodName\":",
    ]

    func testRandomAndMutatedBodiesGetJSONRPCAnswers() async throws {
        let environment = ProcessInfo.processInfo.environment
        let seed = environment["HAUL_FUZZ_SEED"].flatMap { UInt64($0) } ?? 33_2026
        let rounds = environment["HAUL_FUZZ_ROUNDS"].flatMap { Int($0) } ?? 3000
        let fixture = try await DaemonFixture.start()
        let checks = RequestChecks(listenAddress: "127.0.0.1", port: DaemonFixture.inMemoryPort, secret: SecretToken("fuzz"))
        let endpoint = RPCEndpoint(service: fixture.daemon.service, checks: checks, unauthorizedDelay: .zero, maxBatch: 20)
        var generator = SeededGenerator(seed: seed)
        var failures = 0
        for round in 0..<rounds {
            let body = Self.body(using: &generator)
            let answer = await endpoint.respond(to: body)
            if let problem = Self.problem(with: answer) {
                failures += 1
                let shown = String(decoding: body.prefix(300), as: UTF8.self)
                XCTFail("seed \(seed), round \(round): \(problem)\nbody: \(shown)")
                if failures > 5 { break }
            }
        }
        await fixture.stop()
    }

    /// One body: a corpus entry mutated 1-4 times, random bytes, or random structure.
    static func body(using generator: inout SeededGenerator) -> Data {
        switch Int.random(in: 0..<10, using: &generator) {
        case 0:
            return Data((0..<Int.random(in: 0..<200, using: &generator)).map { _ in UInt8.random(in: 0...255, using: &generator) })
        case 1:
            let depth = Int.random(in: 1..<200, using: &generator)
            var text = ""
            for _ in 0..<depth { text += Bool.random(using: &generator) ? "[" : "{\"k\":" }
            return Data(text.utf8)
        default:
            var bytes = Array(corpus.randomElement(using: &generator)!.utf8)
            for _ in 0..<Int.random(in: 1...4, using: &generator) {
                let at = Int.random(in: 0...bytes.count, using: &generator)
                switch Int.random(in: 0..<5, using: &generator) {
                case 0: if at < bytes.count { bytes.remove(at: at) }
                case 1: bytes.insert(contentsOf: Array(fragments.randomElement(using: &generator)!.utf8), at: at)
                case 2: if at < bytes.count { bytes[at] = UInt8.random(in: 0...255, using: &generator) }
                case 3: bytes = Array(bytes[..<at])
                default:
                    let end = Int.random(in: at...bytes.count, using: &generator)
                    bytes.insert(contentsOf: bytes[at..<end], at: end)
                }
            }
            return Data(bytes)
        }
    }

    /// What is wrong with an answer, or `nil` when it is a JSON-RPC answer.
    static func problem(with answer: Data?) -> String? {
        guard let answer else { return "no answer" }
        guard let value = JSONValue.parse(answer) else { return "the answer is not JSON: \(String(decoding: answer, as: UTF8.self))" }
        let answers = value.arrayValue ?? [value]
        if answers.isEmpty { return "an empty batch answer" }
        for one in answers {
            guard one["jsonrpc"] == "2.0", one["id"] != nil else { return "not an answer: \(one)" }
            if one["result"] != nil { continue }
            guard let code = one["error"]?["code"]?.intValue, [-32700, -32600, 1].contains(code),
                one["error"]?["message"]?.stringValue != nil
            else { return "not a JSON-RPC error: \(one)" }
        }
        return nil
    }
}
