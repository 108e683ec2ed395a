import XCTest

@testable import HaulCore

/// Issue 56, seeded walks: connections scripted to deliver their bytes in random order and random chunks, the
/// runner modelled as the engine does it (a body stops at its request's end or at its segment's end, which a
/// `.shorten` may move). What a server sends is what the requests ask: the sum of the asked ranges is the bytes on
/// the wire when every request runs to its end.
final class TransferMachineAskingWalkTests: XCTestCase {
    /// One request as the model server answers it.
    private struct Request {
        var range: Range<Int64>
        /// The body's bound (the segment's end; `.shorten` moves it), once `.write` started the body.
        var bound: Int64?
        var written: Int64
        var answered = false
        /// The whole-file probe (no `Range`): its bytes are counted only when it keeps streaming.
        var whole = false
    }

    private struct Walk {
        var d: MachineDriver
        let length: Int64
        var requests: [Int: Request] = [:]
        /// Bytes every closed request asked for, and for how many requests each byte was asked.
        var asked: Int64 = 0
        var askedTimes: [UInt8]
        /// Bytes dropped requests had asked for and not delivered, and bytes of requests cut before their end (an
        /// owner measured slow): the only bytes allowed to be asked twice.
        var droppedUnread: Int64 = 0
        var cutUnread: Int64 = 0
        /// Bytes written so far: no request may ask for one again.
        var held: [Bool]
        var reasked: Int64 = 0
        /// Whether timers measure speeds (then slow owners may be cut inside their requests).
        let timed: Bool
        var finished = false
        var now: Double = 0
        /// Bytes asked for and not delivered by connections the tuner gave back (`.fewerConnections`): none may be
        /// (rule 4), and whether the tuner settled below its ceiling (then it gave some back).
        var droppedGivenBack: Int64 = 0
        var lowered = false

        init(connections: Int, length: Int64, split: Int64, timed: Bool, tuned: Bool = false) {
            let tuning = ConnectionTuner.Settings(initial: 2, ceiling: connections, settleSeconds: 0.1, windowSeconds: 0.4)
            d = MachineDriver(
                connections: connections, minimumSplitSize: split, connectionTuning: tuned ? tuning : nil, fetchesEachByteOnce: true)
            self.length = length
            self.timed = timed
            askedTimes = Array(repeating: 0, count: Int(length))
            held = Array(repeating: false, count: Int(length))
        }

        mutating func run(_ actions: [TransferAction]) {
            for action in actions {
                switch action {
                case .open(let k, let plan, _):
                    let range = plan.range ?? ByteRange(0, nil)
                    let upper = range.upperBound ?? length
                    if range.upperBound != nil {
                        asked += upper - range.lowerBound
                        for i in range.lowerBound..<upper {
                            askedTimes[Int(i)] += 1
                            if held[Int(i)] { reasked += 1 }
                        }
                    }
                    requests[k.rawValue] = Request(
                        range: range.lowerBound..<upper, bound: nil, written: range.lowerBound, whole: plan.range == nil)
                case .write(let k, _, let end):
                    requests[k.rawValue]?.bound = end ?? length
                case .shorten(let k, let end):
                    if let r = requests[k.rawValue], !r.whole, end < r.range.upperBound {
                        cutUnread += r.range.upperBound - max(end, r.written)
                    }
                    requests[k.rawValue]?.bound = end
                case .drop(let k, let reason):
                    if let r = requests.removeValue(forKey: k.rawValue), !r.whole {
                        droppedUnread += r.range.upperBound - r.written
                        if reason == .fewerConnections { droppedGivenBack += r.range.upperBound - r.written }
                    }
                case .hostLimited(_, _, .slower):
                    lowered = true
                case .finish:
                    finished = true
                default:
                    break
                }
            }
        }

        /// One event: a head, a chunk, an end, or a timer.
        mutating func step(_ random: inout SeededRandom) {
            if timed, Int.random(in: 0..<8, using: &random) == 0 {
                now += Double.random(in: 0.1...1.5, using: &random)
                return run(d.timer(now))
            }
            guard let k = requests.keys.sorted().randomElement(using: &random), let r = requests[k] else { return }
            if !r.answered {
                requests[k]?.answered = true
                if r.whole {
                    return run(d.whole(k, length: length))
                }
                return run(d.partial(k, r.range.lowerBound, r.range.upperBound, total: length, now: now))
            }
            guard let bound = r.bound else { return }
            let stop = min(bound, r.range.upperBound)
            if r.written >= stop { return run(d.ended(k, now: now)) }
            let to = min(stop, r.written + Int64.random(in: 1...max(1, length / 20), using: &random))
            requests[k]?.written = to
            for i in r.written..<to { held[Int(i)] = true }
            run(d.wrote(k, upTo: to))
        }
    }

    /// Without speeds (no timer), every steal takes only unasked bytes: the requests add up to the file exactly.
    /// With timers, an owner measured slow may be cut inside its request and a stalled or slow one dropped: the
    /// bytes asked twice are at most what those requests had not delivered. Never is a held byte asked again.
    func testNoByteIsAskedForTwiceAndTheWireCarriesTheFileOnce() {
        var random = SeededRandom(seed: 56)
        var exact = 0
        var lowered = 0
        for walkNumber in 0..<300 {
            let connections = Int.random(in: 2...8, using: &random)
            let split = Int64.random(in: 20...200, using: &random)
            let length = Int64.random(in: (2 * split)...(40 * split), using: &random)
            // Every fourth walk chooses its count (`-x auto`): the tuner gives connections back (rule 4).
            let tuned = walkNumber % 4 == 3
            var walk = Walk(connections: connections, length: length, split: split, timed: walkNumber % 2 == 1, tuned: tuned)
            walk.run(walk.d.start())
            var steps = 0
            while !walk.finished, steps < 200_000, !walk.d.machine.isEnded {
                walk.step(&random)
                steps += 1
            }
            let said = "walk \(walkNumber): \(connections) x \(length), split \(split)"
            XCTAssertTrue(walk.finished, "\(said) did not finish")
            XCTAssertEqual(walk.reasked, 0, "\(said): a held byte asked for again")
            let twice = walk.askedTimes.reduce(Int64(0)) { $0 + Int64(max(0, Int($1) - 1)) }
            XCTAssertLessThanOrEqual(twice, walk.droppedUnread + walk.cutUnread, said)
            XCTAssertLessThanOrEqual(walk.asked, length + walk.droppedUnread + walk.cutUnread, said)
            XCTAssertEqual(walk.droppedGivenBack, 0, "\(said): a connection given back inside its request")
            if walk.lowered { lowered += 1 }
            if !walk.timed {
                XCTAssertEqual(walk.cutUnread + walk.droppedUnread, 0, said)
                XCTAssertEqual(walk.asked, length, "\(said): the requests add up to the file")
                exact += 1
            }
        }
        XCTAssertEqual(exact, 150)
        XCTAssertGreaterThan(lowered, 10, "tuned walks that gave connections back")
    }
}
