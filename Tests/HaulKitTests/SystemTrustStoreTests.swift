#if os(Linux)
internal import CNIOBoringSSL
import Foundation
@testable import HaulKit
import XCTest

/// The direct client's system trust store (`TLSContext.systemTrustStore`): where the hashed directory is read, an
/// authority of the system's own store is found by BoringSSL's lookup (its `<hash>.0` names are OpenSSL's, made by
/// update-ca-certificates), so a public server's chain verifies without the bundle being parsed.
final class SystemTrustStoreTests: XCTestCase {
    func testAnAuthorityOfTheSystemStoreIsFoundThroughTheHashedDirectory() throws {
        let (bundle, directory) = TLSContext.systemTrustStore()
        guard let directory else { throw XCTSkip("no hashed directory here; the bundle \(bundle ?? "none") is read whole") }
        let names = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasSuffix(".0") }.sorted()
        let context = try XCTUnwrap(TLSSettings.make(extraAuthorities: nil, insecure: false)?.context())
        let store = try XCTUnwrap(SSL_CTX_get_cert_store(context.context))
        var checked = 0
        for name in names.prefix(5) {
            let path = "\(directory)/\(name)"
            guard let file = fopen(path, "r") else { continue }
            defer { fclose(file) }
            guard let certificate = PEM_read_X509(file, nil, nil, nil) else { continue }
            defer { X509_free(certificate) }
            let verification = try XCTUnwrap(X509_STORE_CTX_new())
            defer { X509_STORE_CTX_free(verification) }
            XCTAssertEqual(X509_STORE_CTX_init(verification, store, certificate, nil), 1)
            XCTAssertEqual(X509_verify_cert(verification), 1, "\(path): error \(X509_STORE_CTX_get_error(verification))")
            checked += 1
        }
        XCTAssertGreaterThan(checked, 0, "no authority read from \(directory)")
    }

    /// One `<hash>.0` name among others makes the directory the store, wherever readdir meets it; a name that is
    /// not one (another length, another suffix) does not, and the first bundle that exists is read instead.
    func testTheDirectoryIsTheStoreOnlyWhereItHasAHashedName() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("haul-trust-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        let (hashed, plain, bundle) = ("\(root)/hashed", "\(root)/plain", "\(root)/bundle.crt")
        for directory in [hashed, plain] { try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true) }
        let others = ["README", "ca-certificates.crt", "a.0", "5ad8a5d6.1", "5ad8a5d6.00", "Some_Authority.pem"]
        for name in others + ["b0a1c2d3.0"] { FileManager.default.createFile(atPath: "\(hashed)/\(name)", contents: Data()) }
        for name in others { FileManager.default.createFile(atPath: "\(plain)/\(name)", contents: Data()) }
        FileManager.default.createFile(atPath: bundle, contents: Data())
        let bundles = ["\(root)/missing.crt", bundle]

        XCTAssertTrue(TLSContext.systemTrustStore(directory: hashed, bundles: bundles) == (nil, hashed))
        XCTAssertTrue(TLSContext.systemTrustStore(directory: plain, bundles: bundles) == (bundle, nil))
        XCTAssertTrue(TLSContext.systemTrustStore(directory: "\(root)/none", bundles: bundles) == (bundle, nil))
        XCTAssertTrue(TLSContext.systemTrustStore(directory: plain, bundles: ["\(root)/missing.crt"]) == (nil, nil))
    }
}
#endif
