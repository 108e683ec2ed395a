import Foundation
import HaulCore
import XCTest

/// `HostKey`: the `name:port` a learned budget is kept under, from a URL and from what a person types.
final class HostKeyTests: XCTestCase {
    func testAURLsKeyIsItsLowerCasedNameAndPortOrTheSchemesDefault() {
        XCTAssertEqual(HostKey(url: URL(string: "https://Mirror.Example.ORG/x.iso")!)?.description, "mirror.example.org:443")
        XCTAssertEqual(HostKey(url: URL(string: "http://mirror.example.org/x.iso")!)?.description, "mirror.example.org:80")
        XCTAssertEqual(HostKey(url: URL(string: "http://127.0.0.1:8080/f")!)?.description, "127.0.0.1:8080")
        XCTAssertEqual(HostKey(url: URL(string: "http://[::1]:8080/f")!)?.description, "[::1]:8080")
        XCTAssertNil(HostKey(url: URL(string: "ftp://example.org/f")!), "no default port known")
        XCTAssertNil(HostKey(url: URL(fileURLWithPath: "/tmp/f")))
    }

    func testANameWithAPortIsThatHostAlone() {
        XCTAssertEqual(HostKey.keys(named: "Example.org:8443").map(\.description), ["example.org:8443"])
        XCTAssertEqual(HostKey.keys(named: "[::1]:8080").map(\.description), ["[::1]:8080"])
    }

    func testANameWithoutAPortStandsForTheDefaultPorts() {
        XCTAssertEqual(HostKey.keys(named: "example.org").map(\.description), ["example.org:80", "example.org:443"])
        XCTAssertEqual(HostKey.keys(named: "[::1]").map(\.description), ["[::1]:80", "[::1]:443"])
        XCTAssertEqual(HostKey.keys(named: "::1").map(\.description), ["[::1]:80", "[::1]:443"], "a bare IPv6 address")
    }

    func testAMalformedNameNamesNoHost() {
        for typed in ["", ":80", "example.org:", "example.org:http", "example.org:0", "example.org:70000", "[::1", "[::1]x",
                      "http://example.org/"] {
            XCTAssertEqual(HostKey.keys(named: typed), [], typed)
        }
    }
}
