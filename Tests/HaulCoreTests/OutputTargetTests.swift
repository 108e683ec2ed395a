import XCTest

@testable import HaulCore

/// How `-o VALUE` resolves (issue 60, point 5): a trailing `/` or an existing directory is a directory to save into.
final class OutputTargetTests: XCTestCase {
    func testATrailingSlashIsADirectoryWhetherItExistsOrNot() {
        XCTAssertEqual(OutputTarget("sub/", isExistingDirectory: false), .directory("sub"))
        XCTAssertEqual(OutputTarget("sub/", isExistingDirectory: true), .directory("sub"))
        XCTAssertEqual(OutputTarget("a/b//", isExistingDirectory: false), .directory("a/b"))
        XCTAssertEqual(OutputTarget("/", isExistingDirectory: true), .directory("/"))
    }

    func testAnExistingDirectoryIsWhereTheFileGoes() {
        XCTAssertEqual(OutputTarget("existingdir", isExistingDirectory: true), .directory("existingdir"))
        XCTAssertEqual(OutputTarget(".", isExistingDirectory: true), .directory("."))
        XCTAssertTrue(OutputTarget("existingdir", isExistingDirectory: true).isDirectory)
    }

    func testAnythingElseIsTheFile() {
        XCTAssertEqual(OutputTarget("sub", isExistingDirectory: false), .file("sub"))
        XCTAssertEqual(OutputTarget("sub/x", isExistingDirectory: false), .file("sub/x"))
        XCTAssertFalse(OutputTarget("f.bin", isExistingDirectory: false).isDirectory)
    }
}
