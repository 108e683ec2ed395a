import Foundation
import XCTest

/// `Linker/haul.order`, the functions a download runs that lld places together (docs/architecture.md, "Memory"):
/// it must list the direct client's https path too, or that code stays scattered over the binary and a `-x 16`
/// https download keeps 2-3 MiB more of it resident (docs/transport.md, "Memory of a split https download").
final class LinkerOrderTests: XCTestCase {
    private func orderedNames() throws -> Set<Substring> {
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let list = try String(contentsOf: repository.appendingPathComponent("Linker/haul.order"), encoding: .utf8)
        return Set(list.split(separator: "\n"))
    }

    func testTheOrderListsTheHTTPSPath() throws {
        let names = try orderedNames()
        // BoringSSL's handshake, certificate check and record layer, as the direct client calls them.
        for name in [
            "CNIOBoringSSL_SSL_do_handshake", "CNIOBoringSSL_SSL_read", "CNIOBoringSSL_SSL_write",
            "CNIOBoringSSL_X509_verify_cert", "CNIOBoringSSL_SSL_new", "CNIOBoringSSL_SSL_free",
        ] {
            XCTAssertTrue(names.contains(Substring(name)), "\(name) is not in Linker/haul.order: run Linker/update-order.sh")
        }
        // And HaulKit's own side of it (TLSConnection's reads).
        XCTAssertTrue(
            names.contains { $0.hasPrefix("$s7HaulKit13TLSConnectionC") },
            "no TLSConnection function in Linker/haul.order: run Linker/update-order.sh"
        )
    }
}
