import XCTest

@testable import HaulCore

/// A runner that does what the planner says, driven by random events, checking the invariants after every step.
private struct Simulation {
    var planner: SegmentPlanner
    var random: SeededRandom
    let seed: UInt64
    var now = 0.0
    var running: Set<ConnectionID> = []
    var gone: [ConnectionID] = []
    var slow: Set<ConnectionID> = []
    var takeovers = 0
    var lastCompleted: Int64 = 0
    var lastCap: Int

    init(seed: UInt64) {
        self.seed = seed
        var random = SeededRandom(seed: seed)
        let length: Int64 =
            switch Int.random(in: 0..<6, using: &random) {
            case 0: 0
            case 1: 1
            case 2: Int64.random(in: 2...100, using: &random)
            case 3: Int64.random(in: 100...5_000, using: &random)
            default: Int64.random(in: 5_000...30_000, using: &random)
            }
        let policy = SegmentPolicy(
            connections: Bool.random(using: &random) ? Int.random(in: 1...8, using: &random) : 32,
            minimumSplitSize: Int64.random(in: 1...(Bool.random(using: &random) ? 32 : 512), using: &random),
            stallSeconds: Double.random(in: 3...20, using: &random),
            measuringSeconds: Double.random(in: 0...6, using: &random),
            endgameSplitSize: Int64.random(in: 1...512, using: &random)
        )
        self.planner = SegmentPlanner(length: length, policy: policy)
        self.random = random
        self.lastCap = policy.connections
    }

    var context: String { "seed \(seed), t = \(now), \(planner.segments)" }

    mutating func step(withFailures failures: Bool) throws {
        let roll = Int.random(in: 0..<100, using: &random)
        switch roll {
        case 0..<10: open()
        case 10..<75: try progress()
        case 75..<85 where failures: tick()
        case 85..<88 where failures: try fail()
        case 88..<89 where failures: try giveUp()
        case 89..<93 where failures: try refuseImpossibleEvents()
        case 93..<94 where failures: try crashAndRestore()
        default: open()
        }
        checkInvariants()
    }

    mutating func open() {
        while let assignment = planner.nextAssignment() {
            XCTAssertFalse(running.contains(assignment.connection) || gone.contains(assignment.connection), "ids are fresh; \(context)")
            accept(assignment)
            running.insert(assignment.connection)
        }
    }

    /// Checks an assignment against the planner's state; a connection it replaces is cancelled.
    mutating func accept(_ assignment: SegmentAssignment) {
        let segment = planner.segment(ownedBy: assignment.connection)
        XCTAssertEqual(segment?.next, assignment.start, context)
        XCTAssertEqual(segment?.end, assignment.end, context)
        if let shrink = assignment.shrink {
            XCTAssertTrue(running.contains(shrink.connection), context)
            XCTAssertEqual(planner.segment(ownedBy: shrink.connection)?.end, shrink.end, context)
            XCTAssertEqual(shrink.end, assignment.start, context)
        }
        if let replaced = assignment.replaces {
            XCTAssertTrue(running.contains(replaced), context)
            XCTAssertNotEqual(replaced, assignment.connection, context)
            XCTAssertNil(planner.segment(ownedBy: replaced), "a replaced connection owns nothing; \(context)")
            takeovers += 1
            close(replaced)
        }
    }

    mutating func someRunningConnection() -> ConnectionID? {
        planner.activeConnections.randomElement(using: &random)
    }

    mutating func progress() throws {
        guard let id = someRunningConnection(), let segment = planner.segment(ownedBy: id) else { return open() }
        if slow.contains(id), Int.random(in: 0..<4, using: &random) != 0 { return }
        let remaining = segment.remainingBytes
        let step = remaining <= 1 ? remaining : Int64.random(in: 1...(Bool.random(using: &random) ? remaining : max(1, remaining / 8)), using: &random)
        let action = try planner.connectionReceived(id, upTo: segment.next + step)
        XCTAssertEqual(action == .reachedEnd, step == remaining, context)
        if action == .reachedEnd { try finish(id) }
    }

    mutating func finish(_ id: ConnectionID) throws {
        switch try planner.connectionFinished(id) {
        case .assign(let assignment):
            XCTAssertEqual(assignment.connection, id, context)
            accept(assignment)
        case .idle:
            XCTAssertFalse(planner.isComplete, context)
            close(id)
        case .complete:
            XCTAssertTrue(planner.isComplete, context)
            close(id)
        }
    }

    mutating func close(_ id: ConnectionID) {
        running.remove(id)
        slow.remove(id)
        gone.append(id)
    }

    mutating func tick() {
        now += Double.random(in: 0...1, using: &random)
        var speeds: [ConnectionID: Double] = [:]
        for id in planner.activeConnections {
            if Int.random(in: 0..<10, using: &random) == 0 { slow.insert(id) }
            speeds[id] = slow.contains(id) ? Double.random(in: 0...10, using: &random) : Double.random(in: 100...1000, using: &random)
        }
        for action in planner.tick(now: now, speeds: speeds) {
            switch action {
            case .replace(let id, _):
                XCTAssertNil(planner.segment(ownedBy: id), context)
                close(id)
            }
        }
    }

    mutating func fail() throws {
        guard let id = someRunningConnection() else { return }
        let action = try planner.connectionFailed(id)
        close(id)
        checkRecovery(action)
        XCTAssertEqual(planner.maximumConnections, lastCap, "a failure never lowers the cap; \(context)")
    }

    mutating func giveUp() throws {
        guard let id = someRunningConnection() else { return }
        let status = [200, 403, 416, 429, 503].randomElement(using: &random)!
        let action = try planner.connectionGaveUp(id, status: status)
        close(id)
        checkRecovery(action)
        let expected = SegmentPlanner.connectionLimitStatuses.contains(status) ? min(lastCap, max(1, running.count)) : lastCap
        XCTAssertEqual(planner.maximumConnections, expected, context)
    }

    func checkRecovery(_ action: SegmentPlanner.RecoveryAction) {
        switch action {
        case .retry: XCTAssertTrue(planner.wantsNewConnection, context)
        case .wait: XCTAssertFalse(planner.wantsNewConnection, context)
        case .complete: XCTAssertTrue(planner.isComplete, context)
        }
    }

    /// Late bytes of a closed connection, and bytes past a running one's end, are refused and change nothing.
    mutating func refuseImpossibleEvents() throws {
        let before = planner.segments
        if let late = gone.randomElement(using: &random) {
            XCTAssertThrowsError(try planner.connectionReceived(late, upTo: planner.length), context)
        }
        if let id = someRunningConnection(), let segment = planner.segment(ownedBy: id) {
            XCTAssertThrowsError(try planner.connectionReceived(id, upTo: segment.end + 1), context)
            XCTAssertThrowsError(try planner.connectionFinished(id), context)
        }
        XCTAssertEqual(planner.segments, before, context)
    }

    /// The process dies: a new planner is restored from the checkpoint, with every connection gone.
    mutating func crashAndRestore() throws {
        let checkpoint = planner.segments.map { Segment(start: $0.start, end: $0.end, next: $0.next) }
        planner = try SegmentPlanner(length: planner.length, policy: planner.policy, restoring: checkpoint)
        XCTAssertEqual(planner.completedBytes, lastCompleted, context)
        running = []
        gone = []
        slow = []
        lastCap = planner.maximumConnections
    }

    mutating func checkInvariants() {
        let segments = planner.segments
        XCTAssertEqual(segments.first?.start, 0, context)
        XCTAssertEqual(segments.last?.end, planner.length, context)
        // Plain checks first: one assertion per invariant keeps a million steps fast.
        let contiguous = zip(segments, segments.dropFirst()).allSatisfy { $0.end == $1.start }
        XCTAssertTrue(contiguous, "no gap, no overlap; \(context)")
        XCTAssertTrue(segments.allSatisfy { $0.start <= $0.next && $0.next <= $0.end }, "start <= next <= end; \(context)")
        let smallest = segments.map { $0.end - $0.start }.min() ?? 0
        XCTAssertTrue(segments.count == 1 || smallest >= planner.policy.stealingSplitSize, "no segment below the minimum; \(context)")
        let owners = segments.compactMap(\.owner)
        XCTAssertEqual(Set(owners).count, owners.count, "no byte owned by two connections; \(context)")
        XCTAssertEqual(Set(owners), running, context)
        XCTAssertLessThanOrEqual(owners.count, planner.maximumConnections, context)
        XCTAssertLessThanOrEqual(planner.maximumConnections, lastCap, context)
        lastCap = planner.maximumConnections
        XCTAssertGreaterThanOrEqual(planner.completedBytes, lastCompleted, context)
        lastCompleted = planner.completedBytes
        XCTAssertEqual(planner.isComplete, planner.completedBytes == planner.length, context)
        if !planner.isComplete {
            XCTAssertTrue(!running.isEmpty || planner.wantsNewConnection, "nothing running and nothing to open; \(context)")
        }
    }
}

final class SegmentPlannerPropertyTests: XCTestCase {
    func testRandomEventsKeepTheInvariantsAndAlwaysComplete() throws {
        continueAfterFailure = false
        var takeovers = 0
        for seed in UInt64(1)...100 {
            var simulation = Simulation(seed: seed)
            simulation.checkInvariants()
            var steps = 0
            while !simulation.planner.isComplete, steps < 2_000 {
                try simulation.step(withFailures: true)
                steps += 1
            }
            // Then only progress and new connections: every run must finish.
            while !simulation.planner.isComplete, steps < 200_000 {
                try simulation.step(withFailures: false)
                steps += 1
            }
            XCTAssertTrue(simulation.planner.isComplete, "seed \(seed) did not finish in \(steps) steps")
            XCTAssertEqual(simulation.planner.completedBytes, simulation.planner.length)
            takeovers += simulation.takeovers
        }
        XCTAssertGreaterThan(takeovers, 0, "the endgame's takeovers were exercised")
    }
}
