import Foundation
import HaulTestSupport
import XCTest

/// deterministicBytes, TemporaryDirectory, httpDate and NginxServer.
final class HelperTests: XCTestCase {
    func testDeterministicBytes() {
        XCTAssertEqual(deterministicBytes(count: 1_001), deterministicBytes(count: 1_001))
        XCTAssertEqual(deterministicBytes(count: 13, seed: 4), Array(deterministicBytes(count: 100, seed: 4).prefix(13)))
        XCTAssertNotEqual(deterministicBytes(count: 64, seed: 1), deterministicBytes(count: 64, seed: 2))
        XCTAssertEqual(deterministicBytes(count: 0), [])
        XCTAssertEqual(deterministicBytes(count: 7).count, 7)
        let bytes = deterministicBytes(count: 100_000, seed: 0)
        XCTAssertGreaterThan(Set(bytes).count, 250, "bytes should look random")
    }

    func testTemporaryDirectory() throws {
        let directory = try TemporaryDirectory()
        var isDirectory: ObjCBool = false
        XCTAssertTrue(FileManager.default.fileExists(atPath: directory.url.path, isDirectory: &isDirectory))
        XCTAssertTrue(isDirectory.boolValue)
        let file = directory.file("a.bin")
        XCTAssertEqual(file.deletingLastPathComponent().standardizedFileURL.path, directory.url.standardizedFileURL.path)
        try Data([1, 2, 3]).write(to: file)
        XCTAssertNotEqual(try TemporaryDirectory().url, directory.url)
        directory.remove()
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory.url.path))
    }

    func testWithTemporaryDirectoryRemovesIt() async throws {
        let url = try await withTemporaryDirectory { directory in
            try Data([1]).write(to: directory.file("x"))
            return directory.url
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: url.path))
    }

    func testHTTPDate() {
        XCTAssertEqual(httpDate(Date(timeIntervalSince1970: 784_111_777)), "Sun, 06 Nov 1994 08:49:37 GMT")
    }

    func testNginxServesRanges() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let content = deterministicBytes(count: 200_000, seed: 8)
        try Data(content).write(to: directory.file("file.bin"))
        guard let nginx = try NginxServer.start(root: directory.url.path) else {
            throw XCTSkip("nginx is not installed at \(NginxServer.executablePath)")
        }
        defer { nginx.stop() }
        XCTAssertTrue(nginx.baseURL.hasPrefix("http://127.0.0.1:"))
        let connection = try RawConnection(port: nginx.port)
        try connection.sendRequest("GET", "/file.bin", headers: [("Range", "bytes=1000-1999")])
        let ranged = try connection.readResponse()
        XCTAssertEqual(ranged.status, 206)
        XCTAssertEqual(ranged.header("Content-Range"), "bytes 1000-1999/200000")
        XCTAssertEqual(ranged.body, Array(content[1000...1999]))
        try connection.sendRequest("GET", "/file.bin")
        let full = try connection.readResponse()
        XCTAssertEqual(full.status, 200)
        XCTAssertEqual(full.body, content)
        XCTAssertNotNil(full.header("ETag"))

        nginx.stop()
        XCTAssertThrowsError(try RawConnection(port: nginx.port))
    }
}
