import ArgumentParser
import Foundation
import HaulCore

/// `-q` and `--progress`: how a command that runs downloads (`haul get`, `haul resume`) shows them.
struct ProgressOptions: Equatable, Sendable {
    var quiet: Bool
    var progress: String?

    static let defaults = ProgressOptions(quiet: false, progress: nil)

    func validate() throws {
        if let progress, ProgressMode(rawValue: progress) == nil {
            throw ValidationError("--progress must be one of bar, lines, json, none")
        }
    }

    /// The mode asked for, else a bar on a terminal and plain lines otherwise.
    var mode: ProgressMode {
        quiet ? .none : (progress.flatMap(ProgressMode.init) ?? (Terminal.isTerminal(STDERR_FILENO) ? .bar : .lines))
    }
}

/// `-j`, `--max-connections`, `--max-overall-rate`, `--speed-schedule` and `--queue-schedule`: how many downloads
/// run at once, how fast together and when, for the commands that run a queue (`haul get`, `haul resume`,
/// `haul daemon`).
struct QueueOptions: Equatable, Sendable {
    var maxConcurrent: Int
    var maxConnections: Int?
    var maxOverallRate: String?
    /// `--speed-schedule`: the overall limit by time of day (`SpeedSchedule`'s text); `--max-overall-rate` holds
    /// where no rule does.
    var speedSchedule: String? = nil
    /// `--queue-schedule`: when the queue runs (`QueueSchedule`'s text); always without it.
    var queueSchedule: String? = nil

    static let defaults = QueueOptions(maxConcurrent: QueueLimits.standard.maxConcurrent, maxConnections: nil, maxOverallRate: nil, speedSchedule: nil)

    func validate() throws {
        if !(1...1000).contains(maxConcurrent) { throw ValidationError("--max-concurrent must be between 1 and 1000") }
        if let maxConnections, maxConnections < 1 { throw ValidationError("--max-connections must be 1 or more") }
        if let maxOverallRate, (ByteCount.parse(maxOverallRate) ?? 0) < 1 {
            throw ValidationError("--max-overall-rate must be a rate of at least 1 byte per second, like 500K or 2M")
        }
        if let speedSchedule {
            do { _ = try SpeedSchedule(parsing: speedSchedule) } catch { throw ValidationError("--speed-schedule: \(error)") }
        }
        if let queueSchedule {
            do { _ = try QueueSchedule(parsing: queueSchedule) } catch { throw ValidationError("--queue-schedule: \(error)") }
        }
    }

    /// `--queue-schedule`, read (it was checked by `validate()`); `nil` for none or an empty one.
    var queueWindows: QueueSchedule? {
        queueSchedule.flatMap { try? QueueSchedule(parsing: $0) }.flatMap { $0.schedule.rules.isEmpty ? nil : $0 }
    }

    /// `--speed-schedule`, read (it was checked by `validate()`).
    var schedule: SpeedSchedule? { speedSchedule.flatMap { try? SpeedSchedule(parsing: $0) } }

    /// The queue's limits when each download uses at most `connectionsPerDownload` connections: without
    /// `--max-connections`, the connection cap is what the running downloads could use anyway.
    func limits(connectionsPerDownload: Int) -> QueueLimits {
        maxConnections.map { QueueLimits(maxConcurrent: maxConcurrent, maxTotalConnections: $0) }
            ?? QueueLimits(maxConcurrent: maxConcurrent, connectionsEach: connectionsPerDownload)
    }

    /// `--max-overall-rate` in bytes per second.
    var globalRate: Int64? { maxOverallRate.flatMap(ByteCount.parse) }
}
