import XCTest

@testable import HaulCore

/// `-x auto` inside the machine: the tuner's count drives the planner's limit on a test clock, and what a host
/// teaches (a refusal, or more connections being no faster) comes out as `.hostLimited`.
final class TransferMachineTuningTests: XCTestCase {
    private static let length: Int64 = 1_600_000
    private static let tuning = ConnectionTuner.Settings(initial: 4, ceiling: 16, settleSeconds: 0.1, windowSeconds: 0.4)

    /// A server simulated step by step: every open is answered at once with the range asked, and each step every
    /// answered connection receives bytes, `perConnection` each (a server that caps each connection) or `pipe`
    /// shared among them (one fast pipe). Connections in `refusing` are answered with `refusal` instead.
    private struct SimulatedServer {
        var driver: MachineDriver
        var perConnection: Double?
        var pipe: Double?
        var answered: Set<Int> = []
        var now = 0.0
        var actions: [TransferAction] = []
        /// The most connections receiving at once.
        var peak = 0
        /// Answers an open of connection k > `refuseAbove` with this status (nil: refuse none).
        var refuseAbove = Int.max
        var refusal: Int? = 503
        var throttled = false
        /// The file's length.
        let total: Int64
        /// Where each connection's current request ends (a connection stops there, or at its segment's end if that
        /// comes first), and the bytes every ranged request asked for.
        var asked: [Int: Int64] = [:]
        var askedBytes: Int64 = 0

        init(driver: MachineDriver, total: Int64, perConnection: Double? = nil, pipe: Double? = nil) {
            self.driver = driver
            self.total = total
            self.perConnection = perConnection
            self.pipe = pipe
        }

        mutating func take(_ new: [TransferAction]) {
            actions += new
            for drop in new.drops { answered.remove(drop.connection) }
            for open in new.opens {
                let k = open.connection
                if k > refuseAbove {
                    if let refusal {
                        take(driver.head(k, refusal, [("Content-Length", "0")], now: now))
                    } else {
                        take(driver.machine.event(.failed(ConnectionID(k), TransferProblem(.unreachable, "refused"), now: now)))
                    }
                    continue
                }
                guard let range = open.plan.range else { continue }
                answered.insert(k)
                asked[k] = range.upperBound ?? total
                askedBytes += (range.upperBound ?? total) - range.lowerBound
                take(driver.partial(k, range.lowerBound, range.upperBound ?? total, total: total, now: now))
            }
        }

        /// Runs steps of `dt` until the file is finished or `until` seconds have passed.
        mutating func run(until: Double, dt: Double = 0.05) {
            while now < until && !driver.machine.isEnded {
                now += dt
                let running = driver.machine.connections.filter { answered.contains($0.id.rawValue) }
                peak = max(peak, running.count)
                let each = perConnection ?? (pipe ?? 0) / Double(max(1, running.count))
                for connection in running {
                    let stop = min(connection.end, asked[connection.id.rawValue] ?? connection.end)
                    let upTo = min(stop, connection.next + Int64(each * dt))
                    take(driver.wrote(connection.id.rawValue, upTo: upTo))
                    if upTo == stop { take(driver.ended(connection.id.rawValue, now: now)) }
                }
                take(driver.timer(now, throttled: throttled))
            }
        }
    }

    private func started(
        perConnection: Double? = nil, pipe: Double? = nil, connections: Int = 16,
        tuning: ConnectionTuner.Settings? = TransferMachineTuningTests.tuning, fetchesEachByteOnce: Bool = false
    ) -> SimulatedServer {
        var d = MachineDriver(
            connections: connections, minimumSplitSize: 10_000, connectionTuning: tuning, fetchesEachByteOnce: fetchesEachByteOnce)
        _ = d.start()
        var server = SimulatedServer(driver: d, total: Self.length, perConnection: perConnection, pipe: pipe)
        server.answered.insert(1)
        server.take(server.driver.whole(1, length: Self.length))
        return server
    }

    func testItStartsWithFourUnderAPlanCutForTheCeilingAndAsksForQuickTimers() {
        let server = started(perConnection: 10_000)
        XCTAssertEqual(server.actions.opens.map(\.connection), [2, 3, 4], "the probe and three more: the first level")
        XCTAssertTrue(server.actions.contains(.plan(connections: 16)), "the queue plans for the ceiling")
        XCTAssertTrue(server.actions.contains(.wakeUp(afterSeconds: TransferMachine.tuningTimerSeconds)))
        XCTAssertEqual(server.driver.machine.storedSegments.count, 16, "one segment per connection of the ceiling")
    }

    func testUnderPerConnectionCapsItReachesTheCeilingAndLearnsNothing() {
        var server = started(perConnection: 10_000)
        server.run(until: 3)
        XCTAssertEqual(server.peak, 16, "every connection brought its share: all sixteen")
        XCTAssertTrue(server.actions.hostLessons.isEmpty, "nothing to teach: the host took all it was asked")
        XCTAssertFalse(server.actions.drops.contains { $0.reason == .fewerConnections })
        server.run(until: 30)
        XCTAssertEqual(server.actions.finish?.length, Self.length)
    }

    func testBehindOneFastPipeItComesBackToFourAndLearnsThatMoreWereNoFaster() throws {
        var server = started(pipe: 200_000)
        server.run(until: 3)
        let lesson = try XCTUnwrap(server.actions.hostLessons.first)
        XCTAssertEqual(lesson.connections, 4)
        XCTAssertEqual(lesson.lesson, .slower)
        XCTAssertEqual(server.actions.drops.filter { $0.reason == .fewerConnections }.count, 12, "the twelve added go")
        XCTAssertEqual(server.driver.machine.connections.count, 4)
        server.run(until: 30)
        XCTAssertEqual(server.actions.finish?.length, Self.length, "the retired ranges were finished by the four")
    }

    /// Issue 56 rule 4: the twelve the tuner gives back are not cancelled inside the parts they asked for (the
    /// server sends a part whole, and what was in flight would be fetched again): each finishes its part and closes,
    /// the rest of its segment goes to the four, and the requests add up to the file exactly.
    func testBehindOneFastPipeTheTwelveGivenBackFinishTheirPartsAndNoByteIsAskedTwice() throws {
        var server = started(pipe: 200_000, fetchesEachByteOnce: true)
        server.run(until: 3)
        let lesson = try XCTUnwrap(server.actions.hostLessons.first)
        XCTAssertEqual(lesson.connections, 4)
        XCTAssertFalse(server.actions.drops.contains { $0.reason == .fewerConnections }, "none cut inside its request")
        server.run(until: 4)
        XCTAssertFalse(server.driver.machine.isEnded)
        XCTAssertEqual(server.driver.machine.connections.map(\.id.rawValue).sorted(), [1, 2, 3, 4], "the twelve closed after their parts")
        server.run(until: 30)
        XCTAssertEqual(server.actions.finish?.length, Self.length)
        XCTAssertEqual(server.askedBytes, Self.length, "every byte asked for once")
    }

    func testUnderARateLimitItLearnsNothingAboutTheHost() {
        var server = started(pipe: 200_000)
        server.throttled = true
        server.run(until: 3)
        XCTAssertTrue(server.actions.hostLessons.isEmpty, "a limit of our own says nothing of the host")
        XCTAssertEqual(server.driver.machine.connections.count, 4, "still only as many as pay")
    }

    func testA503ToAnExtraConnectionTeachesTheCountThatWorkedAndCapsTheTuner() throws {
        var server = started(perConnection: 10_000)
        server.refuseAbove = 6
        server.run(until: 3)
        let lesson = try XCTUnwrap(server.actions.hostLessons.first)
        XCTAssertEqual(lesson.lesson, .refused)
        XCTAssertEqual(lesson.connections, 6, "six were answered; the seventh was refused")
        XCTAssertLessThanOrEqual(server.peak, 6)
        server.refuseAbove = .max
        server.run(until: 60)
        XCTAssertEqual(server.actions.finish?.length, Self.length)
        XCTAssertLessThanOrEqual(server.peak, 6, "never above what the host took, even after it stopped refusing")
    }

    func testARefusedConnectWhileOthersReceiveIsTheHostSayingNo() throws {
        var server = started(perConnection: 10_000)
        server.refuseAbove = 4
        server.refusal = nil
        server.run(until: 3)
        let lesson = try XCTUnwrap(server.actions.hostLessons.first)
        XCTAssertEqual(lesson.lesson, .refused)
        XCTAssertEqual(lesson.connections, 4, "the four that flow are what the host takes")
    }

    func testAFileWithWorkForFewConnectionsStopsTuningWithoutALesson() {
        // Two segments' worth: the ceiling can never be reached, and "no faster" would be a false lesson.
        var d = MachineDriver(connections: 16, minimumSplitSize: 10_000, connectionTuning: Self.tuning)
        _ = d.start()
        var server = SimulatedServer(driver: d, total: 25_000, pipe: 20_000)
        server.answered.insert(1)
        server.take(server.driver.whole(1, length: 25_000))
        server.run(until: 5)
        XCTAssertTrue(server.actions.hostLessons.isEmpty)
        XCTAssertEqual(server.actions.finish?.length, 25_000)
    }

    /// Another download to the host took a share: the run drops to it at once, learns nothing about the host, and
    /// grows again to the ceiling when the share comes back (the other download ended).
    func testABudgetShareLowersTheRunAndItsReturnRaisesItAgain() {
        var server = started(perConnection: 10_000)
        server.run(until: 3)
        XCTAssertEqual(server.driver.machine.connections.count, 16)
        server.take(server.driver.machine.event(.connectionBudget(5)))
        XCTAssertEqual(server.actions.drops.filter { $0.reason == .fewerConnections }.count, 11)
        XCTAssertEqual(server.driver.machine.connections.count, 5)
        server.run(until: 4)
        XCTAssertLessThanOrEqual(server.driver.machine.connections.count, 5, "the share holds")
        XCTAssertTrue(server.actions.hostLessons.isEmpty, "a share of our own says nothing of the host")
        server.take(server.driver.machine.event(.connectionBudget(16)))
        XCTAssertTrue(server.actions.contains(.wakeUp(afterSeconds: TransferMachine.tuningTimerSeconds)), "measuring again")
        server.peak = 0
        server.run(until: 6)
        XCTAssertEqual(server.peak, 16, "back to every connection the host rewards")
        XCTAssertTrue(server.actions.hostLessons.isEmpty)
        server.run(until: 60)
        XCTAssertEqual(server.actions.finish?.length, Self.length)
    }

    /// A share given before the run split caps the tuner from its start: the budget arrived while the probe waited.
    func testAShareGivenBeforeTheSplitCapsTheStart() {
        var d = MachineDriver(connections: 16, minimumSplitSize: 10_000, connectionTuning: Self.tuning)
        _ = d.start()
        _ = d.machine.event(.connectionBudget(2))
        var server = SimulatedServer(driver: d, total: Self.length, perConnection: 10_000)
        server.answered.insert(1)
        server.take(server.driver.whole(1, length: Self.length))
        XCTAssertEqual(server.actions.opens.map(\.connection), [2], "two: the probe and one more")
        server.run(until: 3)
        XCTAssertEqual(server.peak, 2)
    }

    func testAFixedCountIsNotTuned() {
        var d = MachineDriver(connections: 8, minimumSplitSize: 10_000)
        _ = d.start()
        let actions = d.whole(1, length: Self.length)
        XCTAssertEqual(actions.opens.count, 7, "all eight at once")
        XCTAssertFalse(actions.contains { if case .wakeUp = $0 { true } else { false } })
    }

    /// `changeOption max-download-limit` while it runs: sixteen connections under per-connection caps, then a
    /// limit the first connection reaches alone (the limiter shares the rate among however many there are): back to
    /// one, the fifteen others retired, nothing taught about the host; the limit lifted: up to sixteen again.
    func testARateLimitSetMidRunRetiresTheConnectionsItDoesNotNeed() {
        var server = started(perConnection: 10_000)
        server.run(until: 3)
        XCTAssertEqual(server.driver.machine.connections.count, 16)
        let limit = 20_000.0
        server.take(server.driver.machine.event(.rateLimit(limit)))
        XCTAssertEqual(server.actions.drops.filter { $0.reason == .fewerConnections }.count, 15, "the new rate needs one")
        XCTAssertTrue(server.actions.contains(.wakeUp(afterSeconds: TransferMachine.tuningTimerSeconds)), "measured again")
        (server.perConnection, server.pipe, server.throttled) = (nil, limit, true)
        server.peak = 0
        server.run(until: 6)
        XCTAssertEqual(server.driver.machine.connections.count, 1, "one reaches the limit: one stays")
        XCTAssertEqual(server.peak, 1, "never more than the rate needs")
        XCTAssertTrue(server.actions.hostLessons.isEmpty, "a limit of our own says nothing of the host")

        server.take(server.driver.machine.event(.rateLimit(nil)))
        (server.perConnection, server.pipe, server.throttled) = (10_000, nil, false)
        server.run(until: 9)
        XCTAssertEqual(server.driver.machine.connections.count, 16, "the limit lifted: per-connection caps fill all sixteen")
        server.run(until: 200)
        XCTAssertEqual(server.actions.finish?.length, Self.length, "the retired ranges were finished")
    }

    /// A typed count (`split=4`, no tuner) given a limit mid-run is tuned under it as a run started with the limit
    /// would be: the count it asked stays the ceiling. The same limit told again changes nothing.
    func testATypedCountGivenARateLimitMidRunGetsTheFewestThatReachIt() {
        var server = started(perConnection: 10_000, connections: 4, tuning: nil)
        server.run(until: 1)
        XCTAssertEqual(server.driver.machine.connections.count, 4, "the typed count, untuned")
        server.take(server.driver.machine.event(.rateLimit(20_000)))
        XCTAssertEqual(server.actions.drops.filter { $0.reason == .fewerConnections }.count, 3)
        (server.perConnection, server.pipe, server.throttled) = (nil, 20_000, true)
        server.run(until: 4)
        XCTAssertEqual(server.driver.machine.connections.count, 1)
        let before = server.actions.count
        server.take(server.driver.machine.event(.rateLimit(20_000)))
        XCTAssertEqual(server.actions.count, before, "the limit it already runs under: nothing to do")
    }
}

/// `TransferMachine.firstRequest`: what start-up work sends early is the machine's own first request.
final class TransferMachineFirstRequestTests: XCTestCase {
    private func settings(connections: Int = 8, mirrors: [String] = []) -> TransferMachine.Settings {
        .init(segmentPolicy: SegmentPolicy(connections: connections), retryPolicy: RetryPolicy(), mirrors: mirrors)
    }

    func testAFreshRunAsksForTheWholeFileOnItsOnlyConnection() throws {
        for connections in [1, 8] {
            let first = try XCTUnwrap(TransferMachine.firstRequest(settings: settings(connections: connections)))
            XCTAssertEqual(first.plan, .wholeFile)
            XCTAssertFalse(first.bounded)
        }
    }

    func testAResumedRunAsksForWhatItLacksAndMirrorsAreNotOneRequest() throws {
        let identity = ResourceIdentity(entityTag: EntityTag("\"v1\""), lastModified: nil, totalLength: 1000, lastModifiedIsStrong: false)
        let stored = StoredTransfer(identity: identity, segments: [StoredSegment(start: 0, end: nil, next: 400)], partFileSize: 400)
        let first = try XCTUnwrap(TransferMachine.firstRequest(settings: settings(connections: 1), stored: stored))
        XCTAssertEqual(first.plan.range?.lowerBound, 400, "the machine resumes; a prediction of 'the whole file' would not")
        XCTAssertNil(TransferMachine.firstRequest(settings: settings(mirrors: ["http://a/f", "http://b/f"])))
    }
}
