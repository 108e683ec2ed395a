import Foundation
import XCTest

@testable import HaulArchive

/// A fresh directory under the system temporary directory, removed when the test ends.
final class TestDirectory {
    let url: URL

    init(_ test: XCTestCase, name: String = #function) throws {
        let safe = name.filter { $0.isLetter || $0.isNumber }
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("haul-archive-tests-\(safe)-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        let url = self.url
        test.addTeardownBlock {
            _ = try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: url.path)
            try? FileManager.default.removeItem(at: url)
        }
    }

    func path(_ relative: String) -> URL { url.appendingPathComponent(relative) }

    /// Names directly inside the directory, sorted.
    func listing() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: url.path).sorted()
    }

    @discardableResult
    func write(_ relative: String, _ bytes: [UInt8], mode: Int = 0o644) throws -> URL {
        let file = path(relative)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(bytes).write(to: file)
        try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: file.path)
        return file
    }
}

extension XCTestCase {
    /// Extracts an archive that must be refused, and checks the refusal left nothing behind.
    /// - Parameters:
    ///   - beforeWriting: The refusal must come before any entry is written (no progress report at all).
    /// - Returns: The error, for checks on its message.
    @discardableResult
    func assertRefused(
        _ builder: ZipBuilder, code: ZipError.Code, limits: ExtractionLimits = .init(), beforeWriting: Bool = true,
        file: StaticString = #filePath, line: UInt = #line, name: String = #function
    ) throws -> ZipError? {
        let directory = try TestDirectory(self, name: name)
        let archive = try builder.write(to: directory.path("hostile.zip"))
        return try assertRefused(
            archive: archive, in: directory, code: code, limits: limits, beforeWriting: beforeWriting, file: file,
            line: line)
    }

    @discardableResult
    func assertRefused(
        archive: URL, in directory: TestDirectory, code: ZipError.Code, limits: ExtractionLimits = .init(),
        beforeWriting: Bool = true, file: StaticString = #filePath, line: UInt = #line
    ) throws -> ZipError? {
        let destination = directory.path("out")
        let before = try directory.listing()
        let reports = LockedCounter()
        do {
            let summary = try ZipExtractor.extract(archive: archive, to: destination, limits: limits) { _ in
                reports.increment()
            }
            XCTFail(
                "extraction succeeded (\(summary.fileCount) files) but should fail with \(code)", file: file, line: line
            )
            return nil
        } catch let error as ZipError {
            XCTAssertEqual(error.code, code, "\(error.message)", file: file, line: line)
            XCTAssertFalse(
                FileManager.default.fileExists(atPath: destination.path), "destination left behind", file: file,
                line: line)
            XCTAssertEqual(try directory.listing(), before, "staging directory left behind", file: file, line: line)
            if beforeWriting {
                XCTAssertEqual(reports.value, 0, "entries were written before the refusal", file: file, line: line)
            }
            return error
        }
    }
}

/// A counter callable from a `@Sendable` closure.
final class LockedCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    func increment() { lock.withLock { count += 1 } }
    var value: Int { lock.withLock { count } }
}

/// Runs a program and returns its exit status and combined output.
@discardableResult
func runProgram(
    _ executable: String, _ arguments: [String], in directory: URL? = nil
) throws -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    if let directory { process.currentDirectoryURL = directory }
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
}
