@testable import HaulCore

/// The machine's own SplitMix64 as a `RandomNumberGenerator`, so randomised tests drive exactly the same events on
/// every run.
struct SeededRandom: RandomNumberGenerator {
    private var generator: SplitMix64

    init(seed: UInt64) {
        generator = SplitMix64(seed: seed)
    }

    mutating func next() -> UInt64 { generator.next() }
}
