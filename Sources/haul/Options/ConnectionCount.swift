import ArgumentParser
import HaulCore
import HaulKit

/// `-x`: how many connections a file may use: `auto` (the default: Haul chooses, `ConnectionTuner`) or a count
/// the person decided (1-32, kept whatever the speed, unless the server refuses that many).
enum ConnectionCount: Equatable, Sendable, ExpressibleByArgument, CustomStringConvertible {
    case auto
    case fixed(Int)

    init?(argument: String) {
        if argument.lowercased() == "auto" {
            self = .auto
        } else if let count = Int(argument) {
            self = .fixed(count)
        } else {
            return nil
        }
    }

    var description: String {
        switch self {
        case .auto: "auto"
        case .fixed(let count): "\(count)"
        }
    }

    /// The most connections a count Haul chooses goes up to: the default host budget (16), which a host that
    /// taught less lowers (`HostBudgetPolicy`).
    static let autoCeiling = HostBudgetPolicy().defaultLimit

    /// Sets a request's connections to this count.
    func apply(to request: inout DownloadRequest) {
        switch self {
        case .auto:
            request.connections = Self.autoCeiling
            request.autoConnections = true
        case .fixed(let count):
            request.connections = count
            request.autoConnections = false
        }
    }

    /// The count a queue plans with (`DownloadManager`'s connection limits): a chosen count may reach the ceiling.
    var most: Int {
        switch self {
        case .auto: Self.autoCeiling
        case .fixed(let count): count
        }
    }
}
