import Foundation
import XCTest

@testable import HaulCore

/// A bounded fuzz of the HTTP/1.1 response reader (issue 33): random and mutated heads and chunked bodies, fed in
/// random pieces as a socket delivers them, from a fixed seed (`HAUL_FUZZ_SEED` replaces it; every failure prints
/// the seed and the case). Each test runs for at most `budget` seconds. What must hold: no crash, no more bytes held
/// than the bounds allow, and every input ends as a parsed head or body, or as an `HTTP1Response.Failure`.
final class HTTP1ResponseFuzzTests: XCTestCase {
    private static let seed: UInt64 = ProcessInfo.processInfo.environment["HAUL_FUZZ_SEED"].flatMap { UInt64($0) } ?? 0x3333
    private static let budget: Duration = .seconds(2)
    private static let maximumCases = 20_000

    private static let heads = [
        "HTTP/1.1 200 OK\r\nContent-Length: 5\r\nETag: \"v1\"\r\n\r\n",
        "HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 206 Partial Content\r\nContent-Range: bytes 0-4/10\r\nContent-Length: 5\r\n\r\n",
        "HTTP/1.0 200 OK\nTransfer-Encoding: gzip, chunked\nX-Folded: a\n  b\n\n",
        "HTTP/1.1 103 Early Hints\r\nLink: </x>\r\n\r\nHTTP/1.1 404 Not Found\r\nContent-Length: 0\r\nConnection: close\r\n\r\n",
        "HTTP/1.1 204 No Content\r\n\r\n",
        "HTTP/1.1 200 OK\r\nContent-Length: 3, 3\r\nContent-Length: 3\r\n\r\n",
    ].map { Array($0.utf8) }

    private static let chunked = [
        "5;name=value\r\nhello\r\n0\r\n\r\n",
        "1\r\na\r\n1\r\nb\r\n1\r\nc\r\n0\r\nX-Trailer: 1\r\n\r\n",
        "a \nabcdefghij\n0\n\n",
        "7FFFFFFFFFFFFFFF\r\nab",
        "0\r\n\r\n",
    ].map { Array($0.utf8) }

    private static let interesting = Array("\r\n :;0123456789abcdefHTP/.\t\u{7F}".utf8) + [0, 0xFF, 0x80]

    private func expired(_ start: ContinuousClock.Instant, _ cases: Int) -> Bool {
        cases >= Self.maximumCases || ContinuousClock.now - start > Self.budget
    }

    /// A mutation of `input`: bytes flipped, inserted, deleted, repeated or cut, a few at a time.
    private static func mutate(_ input: [UInt8], _ random: inout SeededRandom) -> [UInt8] {
        var bytes = input
        for _ in 0..<Int.random(in: 1...4, using: &random) {
            let at = bytes.isEmpty ? 0 : Int.random(in: 0..<bytes.count, using: &random)
            switch Int.random(in: 0..<7, using: &random) {
            case 0 where !bytes.isEmpty: bytes[at] = UInt8.random(in: 0...255, using: &random)
            case 1: bytes.insert(interesting.randomElement(using: &random)!, at: at)
            case 2 where !bytes.isEmpty: bytes.removeSubrange(at..<min(bytes.count, at + Int.random(in: 1...8, using: &random)))
            case 3 where !bytes.isEmpty:
                let end = min(bytes.count, at + Int.random(in: 1...40, using: &random))
                bytes.insert(contentsOf: Array(bytes[at..<end]).repeated(Int.random(in: 1...50, using: &random)), at: at)
            case 4: bytes = Array(bytes.prefix(at))
            case 5: bytes.insert(contentsOf: Array("HTTP/1.1 100 Continue\r\n\r\n".utf8).repeated(Int.random(in: 1...4000, using: &random)), at: 0)
            default: bytes[at...].reverse()
            }
        }
        return bytes
    }

    private static func randomBytes(_ random: inout SeededRandom) -> [UInt8] {
        (0..<Int.random(in: 0...300, using: &random)).map { _ in
            Bool.random(using: &random) ? interesting.randomElement(using: &random)! : UInt8.random(in: 0...255, using: &random)
        }
    }

    /// Reads a head as `DirectHTTPRequest.readHead` does, fed in pieces of random size: the final head, or a failure,
    /// or `nil` when the bytes ran out first. Checks that no more is held than the bound allows.
    private static func readHead(_ wire: [UInt8], _ random: inout SeededRandom, context: String) throws -> HTTP1Response.Head? {
        var budget = HTTP1Response.HeadBudget()
        var pending: [UInt8] = []
        var offset = 0
        var searched = 0
        while true {
            let end = pending.withUnsafeBytes { HTTP1Response.headEnd(in: $0, from: max(searched - 3, 0)) }
            if let end {
                try budget.check(head: end)
                let head = try pending.withUnsafeBytes { try HTTP1Response.parseHead(UnsafeRawBufferPointer(rebasing: $0[0..<end])) }
                pending.removeFirst(end)
                searched = 0
                guard head.isInterim else {
                    _ = try HTTP1Response.framing(of: head)
                    return head
                }
                try budget.spend(interim: end)
                continue
            }
            searched = pending.count
            try budget.check(head: searched)
            guard offset < wire.count else { return nil }
            let piece = min(Int.random(in: 1...(16 << 10), using: &random), wire.count - offset)
            pending += wire[offset..<offset + piece]
            offset += piece
            XCTAssertLessThanOrEqual(
                budget.spent + pending.count, HTTP1Response.maximumHeadSize + (16 << 10), "held past the bound: \(context)"
            )
        }
    }

    func testTheHeadReaderNeverCrashesNorHoldsMoreThanTheBound() {
        var random = SeededRandom(seed: Self.seed)
        let start = ContinuousClock.now
        var cases = 0, parsed = 0, refused = 0
        while !expired(start, cases) {
            cases += 1
            let source = Int.random(in: 0..<4, using: &random)
            let wire = source == 0 ? Self.randomBytes(&random) : Self.mutate(Self.heads.randomElement(using: &random)!, &random)
            let context = "seed \(Self.seed), case \(cases): \(wire.prefix(120).map { String(format: "%02x", $0) }.joined())"
            do {
                if let head = try Self.readHead(wire, &random, context: context) {
                    parsed += 1
                    XCTAssertTrue((100...999).contains(head.status), context)
                    XCTAssertTrue([0, 1].contains(head.minorVersion), context)
                    XCTAssertTrue(head.headers.allSatisfy { !$0.name.isEmpty && $0.name.utf8.allSatisfy(HTTP1Response.isTokenByte) }, context)
                }
            } catch {
                XCTAssertTrue(error is HTTP1Response.Failure, "\(error): \(context)")
                refused += 1
            }
        }
        XCTAssertGreaterThan(parsed, 0, "seed \(Self.seed): the mutations never left a head whole")
        XCTAssertGreaterThan(refused, 0, "seed \(Self.seed): the mutations never broke a head")
    }

    /// Decodes `wire` fed in random pieces one step at a time and in batches; both must agree.
    func testTheChunkedDecoderNeverCrashesAndBatchesAgreeWithSteps() {
        var random = SeededRandom(seed: Self.seed &+ 1)
        let start = ContinuousClock.now
        var cases = 0
        while !expired(start, cases) {
            cases += 1
            let wire = Int.random(in: 0..<4, using: &random) == 0
                ? Self.randomBytes(&random) : Self.mutate(Self.chunked.randomElement(using: &random)!, &random)
            let pieces = (0..<8).map { _ in Int.random(in: 1...300, using: &random) }
            let context = "seed \(Self.seed), case \(cases): \(String(decoding: wire.prefix(200), as: UTF8.self).debugDescription)"
            let stepped = Result { try Self.decodeInSteps(wire, pieces: pieces, context: context) }
            let batched = Result { try Self.decodeInBatches(wire, pieces: pieces, context: context) }
            switch (stepped, batched) {
            case (.success(let a), .success(let b)):
                XCTAssertEqual(a.data, b.data, context)
                XCTAssertEqual(a.ended, b.ended, context)
                XCTAssertLessThanOrEqual(a.data.count, wire.count, context)
            case (.failure(let a), .failure(let b)):
                XCTAssertEqual(a as? HTTP1Response.Failure, .badChunk, context)
                XCTAssertEqual(b as? HTTP1Response.Failure, .badChunk, context)
            default:
                XCTFail("steps and batches disagree: \(stepped) / \(batched); \(context)")
            }
        }
    }

    private static func decodeInSteps(_ wire: [UInt8], pieces: [Int], context: String) throws -> (data: [UInt8], ended: Bool) {
        var decoder = ChunkedBodyDecoder()
        var held: [UInt8] = [], data: [UInt8] = []
        var offset = 0, piece = 0
        while true {
            var progressed = true
            while progressed, !held.isEmpty {
                let step = try held.withUnsafeBytes { try decoder.step($0) }
                switch step {
                case .skip(let n): held.removeFirst(n)
                case .data(let n):
                    data += held[0..<n]
                    held.removeFirst(n)
                case .end: return (data, true)
                case .needMore: progressed = false
                }
            }
            XCTAssertLessThanOrEqual(held.count, ChunkedBodyDecoder.maximumLineSize + 2, "held past a line: \(context)")
            guard offset < wire.count else { return (data, false) }
            let size = min(pieces[piece % pieces.count], wire.count - offset)
            piece += 1
            held += wire[offset..<offset + size]
            offset += size
        }
    }

    private static func decodeInBatches(_ wire: [UInt8], pieces: [Int], context: String) throws -> (data: [UInt8], ended: Bool) {
        var decoder = ChunkedBodyDecoder()
        var held: [UInt8] = [], data: [UInt8] = []
        var offset = 0, piece = 0
        while true {
            if !held.isEmpty {
                let batch = try held.withUnsafeMutableBytes { try decoder.decode(inPlace: $0) }
                XCTAssertLessThanOrEqual(batch.dataStart + batch.dataCount, batch.consumed, context)
                data += held[batch.dataStart..<(batch.dataStart + batch.dataCount)]
                held.removeFirst(batch.consumed)
                if batch.ended { return (data, true) }
            }
            XCTAssertLessThanOrEqual(held.count, ChunkedBodyDecoder.maximumLineSize + 2, "held past a line: \(context)")
            guard offset < wire.count else { return (data, false) }
            let size = min(pieces[piece % pieces.count], wire.count - offset)
            piece += 1
            held += wire[offset..<offset + size]
            offset += size
        }
    }
}

extension Array {
    fileprivate func repeated(_ times: Int) -> [Element] {
        Array((0..<times).map { _ in self }.joined())
    }
}
