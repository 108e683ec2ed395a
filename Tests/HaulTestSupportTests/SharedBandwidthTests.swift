import Foundation
import HaulTestSupport
import XCTest

/// `TestServer.shareBandwidth`: one fixed rate shared by every body being sent, so more connections are no faster
/// in total, and each gets an equal part.
///
/// The windows are byte counts (each run reads until a total number of bytes has arrived), so the shares are
/// compared without timing; the rates have wide margins (a quarter of the rate below, twice above), far wider than
/// what a loaded machine's late timers cost, and far narrower than the factor of 4 the mistakes would make.
final class SharedBandwidthTests: XCTestCase {
    private let rate = 400_000
    private let window = 800_000  // two seconds' worth at `rate`

    /// Reads `connections` big downloads at once, each on its own thread, until `total` bytes have arrived
    /// between them; returns each connection's bytes and the seconds taken.
    private func receive(from server: TestServer, connections: Int, total: Int) throws -> (counts: [Int], seconds: Double) {
        let sockets = try (0..<connections).map { _ in try RawConnection(port: server.port) }
        for socket in sockets { try socket.sendRequest("GET", "/big") }
        for socket in sockets { XCTAssertEqual(try socket.readHead().status, 200) }
        let counts = Tally(slots: connections)
        let done = DispatchGroup()
        let start = Date()
        for (index, socket) in sockets.enumerated() {
            done.enter()
            let reader = OwnedConnection(socket)
            let thread = Thread {
                defer { done.leave() }
                while true {
                    let got = reader.connection.discardSome()
                    if counts.add(got, at: index) >= total || got == 0 { return }
                }
            }
            thread.start()
        }
        done.wait()
        return (counts.counts, Date().timeIntervalSince(start))
    }

    private func serveBig(_ server: TestServer) {
        server.serve("/big", FileResource(content: deterministicBytes(count: 32 << 20)))
        server.shareBandwidth(bytesPerSecond: rate)
    }

    func testFourConnectionsTogetherGetTheRateOneConnectionGetsAlone() async throws {
        try await withServer { server in
            serveBig(server)
            let alone = try receive(from: server, connections: 1, total: window)
            let shared = try receive(from: server, connections: 4, total: window)
            let expected = Double(window) / Double(rate)
            XCTAssertGreaterThan(alone.seconds, expected * 0.75, "one connection is held to the rate")
            XCTAssertLessThan(alone.seconds, expected * 2, "one connection alone gets all of it, not a share")
            XCTAssertGreaterThan(shared.seconds, expected * 0.75, "four connections share it: no faster in total")
            XCTAssertLessThan(shared.seconds, expected * 2, "and get all of it between them")
        }
    }

    func testEachOfFourConnectionsGetsAnEqualPart() async throws {
        try await withServer { server in
            serveBig(server)
            let shared = try receive(from: server, connections: 4, total: window)
            let mean = Double(shared.counts.reduce(0, +)) / 4
            for count in shared.counts {
                XCTAssertEqual(Double(count), mean, accuracy: mean * 0.35, "\(shared.counts)")
            }
        }
    }

    func testAResponsesOwnRateStillAppliesAndLiftingTheShareRestoresFullSpeed() async throws {
        try await withServer { server in
            let content = deterministicBytes(count: 4 << 20)
            server.serve("/slow", FileResource(content: content), bytesPerSecond: 100_000)
            server.serve("/big", FileResource(content: content))
            server.shareBandwidth(bytesPerSecond: rate)
            // Two bodies: a share of 200 KB/s each, but /slow's own 100 KB/s is the slower.
            let slow = try RawConnection(port: server.port)
            try slow.sendRequest("GET", "/slow")
            XCTAssertEqual(try slow.readHead().status, 200)
            let fast = try receive(from: server, connections: 1, total: 400_000)
            XCTAssertGreaterThan(fast.seconds, 400_000 / 200_000 * 0.75, "half the link while /slow is sent")

            server.shareBandwidth(bytesPerSecond: nil)
            let start = Date()
            let whole = try fetch(server, "/big", timeout: 20)
            XCTAssertEqual(whole.body.count, content.count)
            XCTAssertLessThan(Date().timeIntervalSince(start), Double(content.count) / Double(rate) / 2, "4 MiB at full speed")
        }
    }
}

/// Counts shared between threads.
final class Tally: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [Int]

    init(slots: Int) { values = Array(repeating: 0, count: slots) }

    /// Adds `count` to slot `index`; returns the sum of all slots.
    @discardableResult
    func add(_ count: Int, at index: Int) -> Int {
        lock.withLock {
            values[index] += count
            return values.reduce(0, +)
        }
    }

    var counts: [Int] { lock.withLock { values } }
}

/// A connection handed to the one thread that reads it from then on.
private struct OwnedConnection: @unchecked Sendable {
    let connection: RawConnection
    init(_ connection: RawConnection) { self.connection = connection }
}
