import Foundation

/// A flag a test flips while a server's handlers read it on their own threads (e.g. throttling on until the
/// test has seen what it waits for, then off).
public final class Switch: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Bool

    public init(on: Bool) {
        value = on
    }

    /// Whether it is on.
    public var isOn: Bool {
        get { lock.withLock { value } }
        set { lock.withLock { value = newValue } }
    }
}
