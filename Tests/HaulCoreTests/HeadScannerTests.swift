import HaulCore
import XCTest

/// `HTTP1Response.HeadScanner`: the one decision behind the direct client's head reads (an origin's answer and a
/// proxy's answer to `CONNECT`).
final class HeadScannerTests: XCTestCase {
    /// Feeds `wire` to a scanner `step` bytes at a time, as a socket might hand it over, dropping what the scanner
    /// says to drop; the steps seen and the bytes left after the final head.
    private func read(_ wire: String, step: Int) throws -> (steps: [HTTP1Response.HeadScanner.Step], rest: [UInt8]) {
        let bytes = Array(wire.utf8)
        var scanner = HTTP1Response.HeadScanner()
        var held: [UInt8] = []
        var offset = 0
        var steps: [HTTP1Response.HeadScanner.Step] = []
        while true {
            let next = try held.withUnsafeBytes { try scanner.scan($0) }
            switch next {
            case .needMore:
                guard offset < bytes.count else { return (steps, held) }
                let end = min(bytes.count, offset + step)
                held += bytes[offset..<end]
                offset = end
            case .interim(let size):
                steps.append(next)
                held.removeFirst(size)
            case .final(_, let size):
                steps.append(next)
                held.removeFirst(size)
                return (steps, held + bytes[offset...])
            }
        }
    }

    func testInterimHeadsAreDroppedAndTheBodyStartsAfterTheFinalHeadAtEverySplit() throws {
        let wire = "HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 103 Early Hints\r\nLink: </a>\r\n\r\nHTTP/1.1 200 OK\r\nContent-Length: 4\r\n\r\nbody"
        for step in 1...12 {
            let (steps, rest) = try read(wire, step: step)
            XCTAssertEqual(steps.count, 3, "step \(step)")
            XCTAssertEqual(steps.first, .interim(size: 25), "step \(step)")
            guard case .final(let head, _) = steps.last else { return XCTFail("no final head at step \(step)") }
            XCTAssertEqual(head.status, 200)
            XCTAssertEqual(rest, Array("body".utf8), "step \(step)")
        }
    }

    func testAFloodOfInterimHeadsPassesTheBudgetThoughEachIsSmall() {
        let one = "HTTP/1.1 100 Continue\r\n\r\n"
        let wire = String(repeating: one, count: HTTP1Response.maximumHeadSize / one.utf8.count + 2) + "HTTP/1.1 200 OK\r\n\r\n"
        XCTAssertThrowsError(try read(wire, step: 4096)) { error in
            XCTAssertEqual(error as? HTTP1Response.Failure, .headTooLarge)
        }
    }

    func testAHeadWithoutItsEndPastTheBoundIsRefusedBeforeItEnds() {
        let wire = "HTTP/1.1 200 OK\r\nX: " + String(repeating: "a", count: HTTP1Response.maximumHeadSize)
        XCTAssertThrowsError(try read(wire, step: 1000)) { error in
            XCTAssertEqual(error as? HTTP1Response.Failure, .headTooLarge)
        }
    }

    func testAMalformedStatusLineIsTheParsesFailure() {
        XCTAssertThrowsError(try read("SSH-2.0-OpenSSH\r\n\r\n", step: 3)) { error in
            XCTAssertEqual(error as? HTTP1Response.Failure, .malformedStatusLine)
        }
    }

    func testAnUnfinishedHeadAsksForMore() throws {
        let (steps, rest) = try read("HTTP/1.1 200 OK\r\nContent-Le", step: 5)
        XCTAssertEqual(steps, [])
        XCTAssertEqual(rest.count, 27)
    }
}
