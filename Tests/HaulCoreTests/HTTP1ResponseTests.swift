import XCTest

@testable import HaulCore

/// `HTTP1Response` and `ChunkedBodyDecoder`: the head and body framing a direct request reads off its socket.
final class HTTP1ResponseTests: XCTestCase {
    private func head(_ text: String) throws -> HTTP1Response.Head {
        let bytes = Array(text.utf8)
        return try bytes.withUnsafeBytes { try HTTP1Response.parseHead($0) }
    }

    private func headEnd(_ text: String, from start: Int = 0) -> Int? {
        Array(text.utf8).withUnsafeBytes { HTTP1Response.headEnd(in: $0, from: start) }
    }

    private func failure(_ text: String) -> HTTP1Response.Failure? {
        do {
            _ = try head(text)
            return nil
        } catch {
            return error as? HTTP1Response.Failure
        }
    }

    private func framing(_ status: Int, _ fields: [(String, String)]) throws -> HTTP1Response.Framing {
        try HTTP1Response.framing(of: HTTP1Response.Head(
            minorVersion: 1, status: status, headers: fields.map { HeaderField(name: $0.0, value: $0.1) }))
    }

    func testKeepAliveFollowsTheVersionAndTheConnectionField() {
        func keeps(_ minor: Int, _ connection: [String]) -> Bool {
            HTTP1Response.Head(minorVersion: minor, status: 200, headers: connection.map { HeaderField(name: "Connection", value: $0) })
                .keepsConnectionOpen
        }
        // HTTP/1.1 keeps the connection unless a Connection field says close (RFC 9112 §9.3).
        XCTAssertTrue(keeps(1, []))
        XCTAssertTrue(keeps(1, ["keep-alive"]))
        XCTAssertFalse(keeps(1, ["close"]))
        XCTAssertFalse(keeps(1, ["Upgrade, Close"]))
        XCTAssertFalse(keeps(1, ["keep-alive", "close"]))
        // HTTP/1.0 closes unless it says keep-alive.
        XCTAssertFalse(keeps(0, []))
        XCTAssertTrue(keeps(0, ["Keep-Alive"]))
        XCTAssertFalse(keeps(0, ["keep-alive, close"]))
        // The field's name is case-insensitive; a token that merely contains "close" is not it.
        XCTAssertFalse(HTTP1Response.Head(minorVersion: 1, status: 200, headers: [HeaderField(name: "connection", value: "close")]).keepsConnectionOpen)
        XCTAssertTrue(keeps(1, ["closed-captions"]))
    }

    func testTheHeadEndsAtTheFirstBlankLineWithCRLFOrBareLF() {
        XCTAssertEqual(headEnd("HTTP/1.1 200 OK\r\nA: b\r\n\r\nbody"), 25)
        XCTAssertEqual(headEnd("HTTP/1.1 200 OK\nA: b\n\nbody"), 22)
        XCTAssertNil(headEnd("HTTP/1.1 200 OK\r\nA: b\r\n"))
        XCTAssertNil(headEnd("HTTP/1.1 200 OK\r\nA: b\r\n\r"))
        // A search that resumes a few bytes back finds an end that straddles two reads.
        XCTAssertEqual(headEnd("HTTP/1.1 200 OK\r\n\r\n", from: 14), 19)
    }

    func testTheStatusLineAndFieldsAreReadAsSent() throws {
        let parsed = try head("HTTP/1.1 206 Partial Content\r\nETag: \"v1\"\r\nContent-Range:  bytes 0-9/20 \r\nX-Empty:\r\n\r\n")
        XCTAssertEqual(parsed.status, 206)
        XCTAssertEqual(parsed.minorVersion, 1)
        XCTAssertEqual(parsed.headers, [
            HeaderField(name: "ETag", value: "\"v1\""),
            HeaderField(name: "Content-Range", value: "bytes 0-9/20"),
            HeaderField(name: "X-Empty", value: ""),
        ])
        XCTAssertEqual(try head("HTTP/1.0 200\r\n\r\n").minorVersion, 0, "a reason phrase may be left out")
        XCTAssertEqual(try head("HTTP/1.1 200 OK\nA: b\n\n").headers, [HeaderField(name: "A", value: "b")])
    }

    func testAFoldedLineJoinsTheFieldBeforeIt() throws {
        XCTAssertEqual(try head("HTTP/1.1 200 OK\r\nX: one\r\n  two\r\n\r\n").headers, [HeaderField(name: "X", value: "one two")])
        XCTAssertEqual(failure("HTTP/1.1 200 OK\r\n folded first\r\n\r\n"), .malformedField)
    }

    func testAHeadThatIsNotHTTP1IsRefused() {
        for line in ["HTTP/2.0 200 OK", "HTTP/1.1 20 OK", "HTTP/1.1 2000 OK", "ICY 200 OK", "HTTP/1.1 099 Low",
                     "HTTP/1.1  200 OK", "HTTP/1.2 200 OK", "http/1.1 200 OK", "HTTP/1.1 2x0 OK", ""] {
            XCTAssertEqual(failure(line + "\r\n\r\n"), .malformedStatusLine, line)
        }
    }

    func testAFieldThatIsNotNameColonValueIsRefused() {
        XCTAssertEqual(failure("HTTP/1.1 200 OK\r\nContent-Length : 5\r\n\r\n"), .malformedField, "space before the colon (RFC 9112 §5.1)")
        XCTAssertEqual(failure("HTTP/1.1 200 OK\r\nno colon here\r\n\r\n"), .malformedField)
        XCTAssertEqual(failure("HTTP/1.1 200 OK\r\n: empty name\r\n\r\n"), .malformedField)
        XCTAssertEqual(failure("HTTP/1.1 200 OK\r\nBad(name): x\r\n\r\n"), .malformedField)
    }

    func testAHeadBeyondTheBoundIsRefused() {
        let big = "HTTP/1.1 200 OK\r\nX: " + String(repeating: "a", count: HTTP1Response.maximumHeadSize) + "\r\n\r\n"
        XCTAssertEqual(failure(big), .headTooLarge)
    }

    func testTheBodyIsFramedAsRFC9112Says() throws {
        XCTAssertEqual(try framing(200, [("Content-Length", "1024")]), .length(1024))
        XCTAssertEqual(try framing(200, [("Content-Length", "0")]), .length(0))
        XCTAssertEqual(try framing(200, [("Content-Length", "7"), ("content-length", "7")]), .length(7), "identical copies")
        XCTAssertEqual(try framing(200, [("Content-Length", "7, 7")]), .length(7))
        XCTAssertEqual(try framing(200, []), .untilClose)
        XCTAssertEqual(try framing(200, [("Transfer-Encoding", "chunked")]), .chunked)
        XCTAssertEqual(try framing(200, [("Transfer-Encoding", "gzip, Chunked"), ("Content-Length", "3")]), .chunked,
                       "Transfer-Encoding overrides Content-Length")
        XCTAssertEqual(try framing(200, [("Transfer-Encoding", "gzip")]), .untilClose, "not chunked last: to the close")
        for status in [100, 103, 204, 304] {
            XCTAssertEqual(try framing(status, [("Content-Length", "10")]), .empty, "\(status)")
        }
        XCTAssertThrowsError(try framing(101, [])) { XCTAssertEqual($0 as? HTTP1Response.Failure, .switchedProtocols) }
    }

    // Rule 12: a length that cannot be trusted is an error, never a guess.
    func testALengthThatCannotBeTrustedIsAnError() {
        for values in [["5", "6"], ["5, 6"], ["-1"], ["+5"], ["5 5"], ["abc"], [""], ["99999999999999999999"]] {
            XCTAssertThrowsError(try framing(200, values.map { ("Content-Length", $0) }), "\(values)") {
                XCTAssertEqual($0 as? HTTP1Response.Failure, .badContentLength)
            }
        }
    }

    func testInterimResponsesAreThe1xxOtherThan101() {
        XCTAssertTrue(HTTP1Response.Head(minorVersion: 1, status: 100, headers: []).isInterim)
        XCTAssertTrue(HTTP1Response.Head(minorVersion: 1, status: 103, headers: []).isInterim)
        XCTAssertFalse(HTTP1Response.Head(minorVersion: 1, status: 101, headers: []).isInterim)
        XCTAssertFalse(HTTP1Response.Head(minorVersion: 1, status: 200, headers: []).isInterim)
    }

    // MARK: Chunked bodies

    /// Decodes `wire` fed in pieces of the given sizes (cycled), as a socket would deliver it.
    private func decode(_ wire: [UInt8], pieces: [Int]) throws -> (data: [UInt8], ended: Bool, rest: Int) {
        var decoder = ChunkedBodyDecoder()
        var held: [UInt8] = []
        var data: [UInt8] = []
        var offset = 0
        var piece = 0
        while true {
            var progressed = true
            while progressed, !held.isEmpty {
                let step = try held.withUnsafeBytes { try decoder.step($0) }
                switch step {
                case .skip(let n):
                    held.removeFirst(n)
                case .data(let n):
                    data += held[0..<n]
                    held.removeFirst(n)
                case .end(let n):
                    held.removeFirst(n)
                    return (data, true, held.count + wire.count - offset)
                case .needMore:
                    progressed = false
                }
            }
            guard offset < wire.count else { return (data, false, held.count) }
            let size = min(pieces[piece % pieces.count], wire.count - offset)
            piece += 1
            held += wire[offset..<offset + size]
            offset += size
        }
    }

    func testAChunkedBodyDecodesHoweverItArrives() throws {
        let payload = (0..<3000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        var wire = Array("5;name=value\r\n".utf8) + payload[0..<5] + Array("\r\n".utf8)
        wire += Array("a00\r\n".utf8) + payload[5..<2565] + Array("\r\n".utf8)
        wire += Array("1B3 \n".utf8) + payload[2565..<3000] + Array("\n".utf8)
        wire += Array("0\r\nX-Trailer: 1\r\n\r\n".utf8)
        let trailingGarbage = Array("HTTP/1.1".utf8)
        var random = SeededRandom(seed: 7)
        let splits: [[Int]] = [[1], [2], [3], [7], [wire.count + 10], (0..<50).map { _ in Int.random(in: 1...300, using: &random) }]
        for pieces in splits {
            let decoded = try decode(wire + trailingGarbage, pieces: pieces)
            XCTAssertEqual(decoded.data, payload, "pieces \(pieces.prefix(3))")
            XCTAssertTrue(decoded.ended)
            XCTAssertEqual(decoded.rest, trailingGarbage.count, "nothing past the last CRLF is consumed")
        }
    }

    func testAnEmptyChunkedBodyEndsAtItsLastChunk() throws {
        let decoded = try decode(Array("0\r\n\r\n".utf8), pieces: [1])
        XCTAssertEqual(decoded.data, [])
        XCTAssertTrue(decoded.ended)
        XCTAssertFalse(try decode(Array("0\r\n".utf8), pieces: [1]).ended, "the trailer section's blank line is still due")
    }

    func testABadlyFramedChunkIsAnError() {
        let bad = [
            "zz\r\nabc\r\n0\r\n\r\n",                      // not hex
            ";ext\r\n",                                     // no size
            "3\r\nabcX\r\n0\r\n\r\n",                      // data not followed by its CRLF
            "12345678901234567\r\n",                        // 17 hex digits
            "8000000000000000\r\n",                         // beyond Int64.max
            String(repeating: "0", count: 5000) + "1\r\n", // a size line beyond the bound
        ]
        for wire in bad {
            XCTAssertThrowsError(try decode(Array(wire.utf8), pieces: [64]), wire.prefix(20).description) {
                XCTAssertEqual($0 as? HTTP1Response.Failure, .badChunk)
            }
        }
        XCTAssertEqual(try decode(Array("7FFFFFFFFFFFFFFF\r\nab".utf8), pieces: [64]).data, Array("ab".utf8), "Int64.max itself is a size")
    }
}
