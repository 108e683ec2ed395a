import Foundation
import HaulCore
import NIOConcurrencyHelpers

/// The per-host connection budget of one client: what hosts taught (kept in the state database, so a later
/// download, in this process or another, starts within it) and how many connections this client's running
/// downloads hold to each host.
///
/// A download reserves its connections when its run starts (`reserve`) and gives them back when the run ends
/// (`release`). What it may have:
/// - a count Haul chooses (`-x auto`): up to the host's budget (the lesson in force, else the policy's default of
///   16) less what the client's other downloads to that host hold; when they hold it all, a fair share of it, the
///   others lowered to make room, and more later as connections come free (`HostShares`);
/// - a typed count (`-x N`): N, unless the host refused more (a `.refused` lesson in force): then at most that
///   lesson less what the others hold, at least one. The default budget does not cut a typed count: `-x 32` means
///   32 where a server allows it (aria2 caps at 16 whatever the server; people ask for more, aria2 #1039), and a
///   measurement that more were no faster (`.slower`) may have been this machine's link.
///
/// Lessons come from the runs (`learn`): the host's word lowers its budget at once. They are read from the store
/// once, at the first download (a read per download would cost every small file a transaction), and kept in step
/// with what this client learns; a lesson another process learns meanwhile reaches this one at its next start.
final class HostBudgetBook: Sendable {
    /// Delivers a new grant to a running download (`TransferRunner`: a signal to its machine).
    typealias Adjust = @Sendable (_ connections: Int) -> Void

    private struct State {
        /// What the running downloads hold, shared fairly among the counts Haul chooses (`HostShares`).
        var shares = HostShares()
        /// How to tell each running download of a new grant, by `shares` token.
        var adjusters: [Int: Adjust] = [:]
        /// The lessons, once read.
        var lessons: [String: LearnedHostBudget]?
    }

    private let store: DownloadStore
    let policy: HostBudgetPolicy
    private let state = NIOLockedValueBox(State())

    init(store: DownloadStore, policy: HostBudgetPolicy) {
        self.store = store
        self.policy = policy
    }

    /// A run's place in the book: what it holds, by this token, until `release`.
    struct Reservation: Sendable {
        var token: Int
        var host: String
        var granted: Int
    }

    /// What a download may open to `host` now (see the type's summary), held until `release`. A count Haul chooses
    /// may be lowered later for a download that comes after it, or raised when connections come free: `adjust`
    /// hears each new grant (called outside the book's lock).
    func reserve(
        host: String, wanted: Int, chosenByHaul: Bool, now: Double, adjust: @escaping Adjust = { _ in }
    ) -> Reservation {
        let (reservation, lowered) = state.withLockedValue { state in
            if state.lessons == nil { state.lessons = readLessons(now: now) }
            let limit = ConnectionAllowance.hostLimit(automatic: chosenByHaul, lesson: state.lessons?[host], policy: policy, at: now)
            let (token, granted, lowered) = state.shares.reserve(host: host, wanted: wanted, limit: limit, chosenByHaul: chosenByHaul)
            state.adjusters[token] = adjust
            return (Reservation(token: token, host: host, granted: granted), Self.deliveries(lowered, in: state))
        }
        for (deliver, connections) in lowered { deliver(connections) }
        return reservation
    }

    /// What `reservation`'s run holds now.
    func granted(_ reservation: Reservation) -> Int {
        state.withLockedValue { $0.shares.granted(reservation.token) } ?? reservation.granted
    }

    /// The run will use no more than `connections` (it planned one, for a file not worth splitting, or more were no
    /// faster): it holds no more than that, and what it let go of goes to the downloads that wanted more.
    func planned(_ reservation: Reservation, connections: Int, now: Double) {
        let raised = state.withLockedValue { state in
            let budget = autoBudget(of: reservation.host, now: now, state: &state)
            return Self.deliveries(state.shares.planned(reservation.token, connections: connections, budget: budget), in: state)
        }
        for (deliver, connections) in raised { deliver(connections) }
    }

    /// Gives back what `reserve` granted; the downloads that wanted more get it.
    func release(_ reservation: Reservation, now: Double) {
        let raised = state.withLockedValue { state in
            state.adjusters[reservation.token] = nil
            let budget = autoBudget(of: reservation.host, now: now, state: &state)
            return Self.deliveries(state.shares.release(reservation.token, budget: budget), in: state)
        }
        for (deliver, connections) in raised { deliver(connections) }
    }

    /// The budget of the counts Haul chooses on `host`: the lesson in force, else the policy's default.
    private func autoBudget(of host: String, now: Double, state: inout State) -> Int {
        if state.lessons == nil { state.lessons = readLessons(now: now) }
        return ConnectionAllowance.hostLimit(automatic: true, lesson: state.lessons?[host], policy: policy, at: now) ?? policy.defaultLimit
    }

    private static func deliveries(_ adjustments: [HostShares.Adjustment], in state: State) -> [(Adjust, Int)] {
        adjustments.compactMap { adjustment in state.adjusters[adjustment.token].map { ($0, adjustment.connections) } }
    }

    /// The limit `host`'s lesson in force puts on every connection to it, whoever asks (a `.refused` one: the host's
    /// own word), or nil: the one pool enforces it across downloads (`Transport.limitConnections`).
    func hostLimit(host: String, now: Double) -> Int? {
        state.withLockedValue { state in
            if state.lessons == nil { state.lessons = readLessons(now: now) }
            return ConnectionAllowance.poolLimit(lesson: state.lessons?[host], policy: policy, at: now)
        }
    }

    private func readLessons(now: Double) -> [String: LearnedHostBudget] {
        let lessons = (try? store.hostBudgets(at: now, policy: policy)) ?? []
        return Dictionary(lessons.map { ($0.host, $0) }) { _, newer in newer }
    }

    /// Forgets the lessons of `hosts` (every host when nil) here and in the store; returns how many were forgotten.
    func forget(hosts: [String]?) throws -> Int {
        let forgotten = try store.forgetHostBudgets(hosts: hosts)
        state.withLockedValue { state in
            if let hosts { for host in hosts { state.lessons?[host] = nil } } else { state.lessons = [:] }
        }
        return forgotten
    }

    /// The download of `reservation` learned that the host takes `connections` of them: the host's budget becomes
    /// that plus what the client's other downloads hold there. Returns the lesson when it is new (stored), nil when
    /// an earlier one still stands.
    @discardableResult
    func learn(
        _ reservation: Reservation, connections: Int, reason: String, lesson: LearnedHostBudget.Lesson, now: Double
    ) -> LearnedHostBudget? {
        let host = reservation.host
        let learned = state.withLockedValue { state -> LearnedHostBudget? in
            if state.lessons == nil { state.lessons = readLessons(now: now) }
            let granted = state.shares.granted(reservation.token) ?? reservation.granted
            let others = max(0, state.shares.held(on: host) - granted)
            let earlier = state.lessons?[host]
            let learned = LearnedHostBudget.lowered(
                from: earlier, host: host, openConnections: connections + others, now: now, reason: reason,
                lesson: lesson, policy: policy
            )
            guard learned != earlier else { return nil }
            state.lessons?[host] = learned
            return learned
        }
        guard let learned else { return nil }
        do {
            try store.saveHostBudget(learned)
        } catch {
            Trace.write("host budget for \(host) not saved: \(error)")
        }
        return learned
    }
}
