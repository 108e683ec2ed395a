import Foundation
@testable import HaulKit
import HaulTestSupport

/// ``TestCertificates``' authority as a PEM file, written once per test process: what a test trusts to reach
/// `TestServer.start(tls: true)` or nginx with ``TestCertificates`` over https.
let testAuthorityFile: URL = {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("haul-test-authority-\(getpid())")
    try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    return URL(fileURLWithPath: (try? TestCertificates.write(to: directory))?.authority ?? directory.path)
}()

/// The direct client's TLS settings for `url` trusting ``testAuthorityFile`` when it is https, `nil` for http.
func testTLSSettings(for url: String) -> TLSSettings? {
    url.hasPrefix("https:") ? TLSSettings.make(extraAuthorities: testAuthorityFile, insecure: false) : nil
}
