import Foundation
import XCTest

/// A real program a test needs (nginx, Apache, Squid from `.ci/run`'s apt list): `value` when it is there; otherwise
/// the test is skipped locally and fails on CI (`CI=true`), where a skip would hide a gap.
///
/// - Parameters:
///   - value: what starting the program returned (nil: not installed).
///   - package: the Debian package that installs it, named in the message.
func requireInstalled<T>(_ value: T?, package: String) throws -> T {
    if let value { return value }
    let message = "\(package) is not installed (apt-get install \(package), as .ci/run does)"
    if ProcessInfo.processInfo.environment["CI"] == "true" {
        XCTFail(message)
    }
    throw XCTSkip(message)
}
