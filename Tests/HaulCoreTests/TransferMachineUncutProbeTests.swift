import XCTest

@testable import HaulCore

/// Issue 60, point 3: a server that does not advertise ranges (no `Accept-Ranges: bytes`; nginx with `max_ranges 0`,
/// `python3 -m http.server`) may answer every range with the whole file. Its first whole-file answer may be the only
/// stream it gives, so the probe is not cut at its segment's end until a `206` shows that ranges are served.
final class TransferMachineUncutProbeTests: XCTestCase {
    func testAProbeWithoutAcceptRangesStreamsOnUntilA206CutsIt() {
        var d = MachineDriver(connections: 2)
        _ = d.start()
        let split = d.whole(1, advertisesRanges: false)
        XCTAssertEqual(split.writes.map(\.connection), [1])
        XCTAssertEqual(split.writes.first?.end, 400, "not cut at 200 while ranges are unproven")
        XCTAssertEqual(split.opens.map(\.plan), [ranged(200, 400)], "the split is still tried")
        _ = d.wrote(1, upTo: 250)
        XCTAssertEqual(d.machine.progress.done, 200, "bytes past its segment are the other segment's, not counted twice")
        let confirmed = d.partial(2, 200, 400)
        XCTAssertTrue(confirmed.contains(.shorten(ConnectionID(1), end: 200)), "a 206 cuts the probe: \(confirmed)")
        _ = d.wrote(2, upTo: 400)
        XCTAssertEqual(d.ended(2).finish?.length, 400, "every segment complete")
        XCTAssertTrue(d.machine.isEnded)
    }

    /// Before the fix the probe was cut at 200 and, once past it, could not be kept: the run started a fresh
    /// single-connection attempt and fetched the file again ("starting over").
    func testAnUncutProbePastItsCutIsKeptWhenRangesComeBackWhole() {
        var d = MachineDriver(connections: 2)
        _ = d.start()
        _ = d.whole(1, advertisesRanges: false)
        _ = d.wrote(1, upTo: 300)
        let fallback = d.whole(2, advertisesRanges: false)
        XCTAssertEqual(fallback.drops.map(\.connection), [2], "the probe keeps streaming: \(fallback)")
        XCTAssertTrue(fallback.opens.isEmpty, "nothing fetched again: \(fallback)")
        XCTAssertTrue(fallback.discards.isEmpty)
        XCTAssertTrue(fallback.contains(.shorten(ConnectionID(1), end: 400)))
        XCTAssertEqual(d.machine.progress.done, 300, "every byte the probe wrote counts")
        _ = d.wrote(1, upTo: 400)
        XCTAssertEqual(d.ended(1).finish?.length, 400)
    }

    /// Over loopback the uncut probe can stream the whole file before any ranged answer arrives: the download is
    /// complete then (before, its segment ended and it took a range from another segment, and the whole answers
    /// that followed started the file over).
    func testAnUncutProbeThatStreamedTheWholeFileFinishesTheDownload() {
        var d = MachineDriver(connections: 2)
        _ = d.start()
        _ = d.whole(1, advertisesRanges: false)
        _ = d.wrote(1, upTo: 400)
        let ended = d.ended(1)
        XCTAssertEqual(ended.finish?.length, 400, "\(ended)")
        XCTAssertEqual(ended.drops.map(\.connection), [2], "the unanswered range is not needed")
        XCTAssertTrue(ended.opens.isEmpty)
        XCTAssertTrue(d.machine.isEnded)
    }
}
