import Foundation

/// SplitMix64 as a `RandomNumberGenerator`: small, fast, the same sequence on every platform, so a randomised test
/// (a fuzz, a stress test) replays exactly from its seed.
public struct SeededGenerator: RandomNumberGenerator, Sendable {
    public var state: UInt64

    public init(seed: UInt64) {
        state = seed
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// The seeds a stress test runs: `HAUL_STRESS_SEEDS` (comma-separated) when set, else `fallback`.
    public static func stressSeeds(_ fallback: [UInt64]) -> [UInt64] {
        let given = ProcessInfo.processInfo.environment["HAUL_STRESS_SEEDS"]?.split(separator: ",").compactMap { UInt64($0) }
        return given.flatMap { $0.isEmpty ? nil : $0 } ?? fallback
    }
}
