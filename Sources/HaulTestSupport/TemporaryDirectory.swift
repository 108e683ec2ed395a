import Foundation

/// A uniquely named directory under the system temporary directory, for test files.
public final class TemporaryDirectory: Sendable {
    /// The directory's location.
    public let url: URL

    /// Creates a new empty directory with a unique name.
    public init() throws {
        let name = "haul-test-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString)"
        url = FileManager.default.temporaryDirectory.appendingPathComponent(name, isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// The location of a file with this name inside the directory (nothing is created).
    public func file(_ name: String) -> URL {
        url.appendingPathComponent(name, isDirectory: false)
    }

    /// Deletes the directory and everything in it; errors are ignored.
    public func remove() {
        try? FileManager.default.removeItem(at: url)
    }
}

/// Runs `body` with a new ``TemporaryDirectory`` and removes the directory afterwards, also when `body` throws.
public func withTemporaryDirectory<Result>(
    isolation: isolated (any Actor)? = #isolation,
    _ body: (TemporaryDirectory) async throws -> Result
) async throws -> Result {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    return try await body(directory)
}
