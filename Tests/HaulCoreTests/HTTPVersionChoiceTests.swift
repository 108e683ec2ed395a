import XCTest

@testable import HaulCore

/// Which requests may ride HTTP/2: a download's only connection over https; never a segment, never cleartext.
final class HTTPVersionChoiceTests: XCTestCase {
    func testOnlyAnHTTPSRequestThatIsItsDownloadsOnlyConnectionOffersHTTP2() {
        XCTAssertEqual(HTTPVersionChoice.forRequest(scheme: "https", role: .only), .http2WhenOffered)
        XCTAssertEqual(HTTPVersionChoice.forRequest(scheme: "HTTPS", role: .only), .http2WhenOffered, "schemes are case-insensitive")
        XCTAssertEqual(HTTPVersionChoice.forRequest(scheme: "https", role: .segment), .http1Only, "a segment keeps its own TCP connection")
        XCTAssertEqual(HTTPVersionChoice.forRequest(scheme: "http", role: .only), .http1Only, "no cleartext HTTP/2 (h2c)")
        XCTAssertEqual(HTTPVersionChoice.forRequest(scheme: "http", role: .segment), .http1Only)
        XCTAssertEqual(HTTPVersionChoice.forRequest(scheme: nil, role: .only), .http1Only)
    }

    /// The first request of a download asked for a fixed count above one goes over HTTP/1.1 like the segments it
    /// becomes the first of; a count Haul chooses (`-x auto`, every file of a list by default) or one connection
    /// keeps HTTP/2 for it.
    func testTheFirstRequestOfAFixedSplitStaysOnHTTP1() {
        XCTAssertEqual(ConnectionRole(bodyEnd: nil, connections: 16), .firstOfSplit)
        XCTAssertEqual(ConnectionRole(bodyEnd: nil, connections: 2), .firstOfSplit)
        XCTAssertEqual(ConnectionRole(bodyEnd: nil, connections: 16, choosesCount: true), .only)
        XCTAssertEqual(ConnectionRole(bodyEnd: nil, connections: 1), .only)
        XCTAssertEqual(ConnectionRole(bodyEnd: 100, connections: 16, choosesCount: true), .segment)
        XCTAssertEqual(HTTPVersionChoice.forRequest(scheme: "https", role: .firstOfSplit), .http1Only)
    }

    /// `--http1.1` (`HaulConfiguration.allowsHTTP2` false): not even a download's only https connection offers h2.
    func testHTTP1OnlyKeepsEveryRequestOnHTTP1() {
        XCTAssertEqual(HTTPVersionChoice.forRequest(scheme: "https", role: .only, allowsHTTP2: false), .http1Only)
        XCTAssertEqual(HTTPVersionChoice.forRequest(scheme: "https", role: .segment, allowsHTTP2: false), .http1Only)
    }

    /// The role comes from the machine's `open` actions: the whole-file first request has no bound, every range a
    /// split download opens after it has one.
    func testASplitDownloadsFirstRequestIsItsOnlyConnectionAndTheRangesAfterItAreSegments() {
        var d = MachineDriver(connections: 4)
        let first = d.start()
        XCTAssertEqual(first.opens.map { ConnectionRole(bodyEnd: $0.end) }, [.only])
        let split = d.whole(1)
        XCTAssertEqual(split.opens.count, 3, "the other three connections open")
        XCTAssertEqual(Set(split.opens.map { ConnectionRole(bodyEnd: $0.end) }), [.segment])
        XCTAssertEqual(split.writes.map { ConnectionRole(bodyEnd: $0.end) }, [.segment], "the first request goes on as a bounded segment")
    }

    func testResumedSegmentsAreSegmentsAndAResumeOnOneConnectionIsItsOnlyConnection() {
        var segmented = MachineDriver(connections: 2)
        let stored = StoredTransfer(
            identity: MachineDriver.identity(),
            segments: [StoredSegment(start: 0, end: 200, next: 120), StoredSegment(start: 200, end: 400, next: 250)],
            partFileSize: 400
        )
        let resumed = segmented.start(stored)
        XCTAssertEqual(resumed.opens.count, 2)
        XCTAssertEqual(Set(resumed.opens.map { ConnectionRole(bodyEnd: $0.end) }), [.segment])

        var single = MachineDriver(connections: 1)
        let one = single.start(StoredTransfer(
            identity: MachineDriver.identity(), segments: [StoredSegment(start: 0, end: 400, next: 150)], partFileSize: 200
        ))
        XCTAssertEqual(one.opens.map(\.plan), [ranged(150, nil)])
        XCTAssertEqual(one.opens.map { ConnectionRole(bodyEnd: $0.end) }, [.only])

        var small = MachineDriver(connections: 4, minimumSplitSize: 300)
        _ = small.start()
        let continued = small.whole(1)
        XCTAssertTrue(continued.opens.isEmpty, "400 bytes are not worth splitting at 300")
        XCTAssertEqual(continued.writes.map { ConnectionRole(bodyEnd: $0.end) }, [.only])
    }
}
