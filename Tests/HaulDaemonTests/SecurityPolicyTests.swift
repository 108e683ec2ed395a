import HaulDaemon
import XCTest

final class SecurityPolicyTests: XCTestCase {
    func testOnlyHostsThatNameTheDaemonAreAnswered() {
        let hosts = HostPolicy(listenAddress: "127.0.0.1", allowedHosts: ["nas.home"])
        for good in ["127.0.0.1:6800", "localhost:6800", "LOCALHOST", "[::1]:6800", "nas.home:6800"] {
            XCTAssertTrue(hosts.allows(good), good)
        }
        for bad in [nil, "", "evil.example:6800", "127.0.0.1.evil.example", "192.168.1.2:6800", "[::2]:6800"] {
            XCTAssertFalse(hosts.allows(bad), bad ?? "nil")
        }
    }

    func testListeningOnEveryInterfaceAcceptsAddressLiteralsButNoOtherNames() {
        let hosts = HostPolicy(listenAddress: "0.0.0.0")
        XCTAssertTrue(hosts.allows("192.168.1.2:6800"))
        XCTAssertTrue(hosts.allows("[fe80::1]:6800"))
        XCTAssertFalse(hosts.allows("rebind.evil.example:6800"))
    }

    func testTheOwnOriginAndNamedOriginsPassAndOthersAreRefusedWithTheReason() {
        let policy = OriginPolicy(hosts: HostPolicy(listenAddress: "127.0.0.1"), port: 6800,
                                  allowedOrigins: ["http://AriaNg.example/"])
        XCTAssertEqual(policy.verdict(nil), .sameOrigin)
        XCTAssertEqual(policy.verdict("http://127.0.0.1:6800"), .sameOrigin)
        XCTAssertEqual(policy.verdict("http://localhost:6800"), .sameOrigin)
        XCTAssertEqual(policy.verdict("http://ariang.example"), .allowedCrossOrigin("http://ariang.example"))
        for bad in ["http://evil.example", "http://127.0.0.1:8080", "https://127.0.0.1:6800", "null", "chrome-extension://abc"] {
            guard case .refused(let why) = policy.verdict(bad) else { return XCTFail("\(bad) must be refused") }
            XCTAssertTrue(why.contains("--rpc-allow-origin"), why)
        }
    }

    func testExtensionOriginsCanBeLetInOnConditionOfTheSecret() {
        let policy = OriginPolicy(hosts: HostPolicy(listenAddress: "127.0.0.1"), port: 6800, extensionsWithSecret: true)
        XCTAssertEqual(policy.verdict("chrome-extension://abcdef"), .allowedWithSecret("chrome-extension://abcdef"))
        XCTAssertEqual(policy.verdict("moz-extension://1234"), .allowedWithSecret("moz-extension://1234"))
        XCTAssertEqual(policy.verdict("safari-web-extension://AB-12"), .allowedWithSecret("safari-web-extension://ab-12"))
        guard case .refused = policy.verdict("http://evil.example") else { return XCTFail() }
        guard case .refused = policy.verdict("chrome-extension://") else { return XCTFail("an extension origin names one") }
        guard case .refused = policy.verdict("https://chrome-extension.example") else { return XCTFail() }
    }

    func testPagesOnAnotherLoopbackPortCanBeLetInOnConditionOfTheSecret() {
        let policy = OriginPolicy(hosts: HostPolicy(listenAddress: "127.0.0.1"), port: 6800, localPagesWithSecret: true)
        XCTAssertEqual(policy.verdict("http://127.0.0.1:6800"), .sameOrigin)
        for local in ["http://127.0.0.1:8888", "http://LOCALHOST:3000/", "http://[::1]:8080", "https://localhost:8443", "http://localhost"] {
            XCTAssertEqual(policy.verdict(local), .allowedWithSecret(OriginPolicy.normalised(local)), local)
        }
        for bad in [
            "http://localhost.evil.example:8888", "http://127.0.0.1.nip.io", "http://evil.example", "http://10.0.0.2:8888",
            "http://user@127.0.0.1:8888", "http://127.0.0.1:x", "http://127.0.0.1:8888/path", "file://", "null",
        ] {
            guard case .refused = policy.verdict(bad) else { return XCTFail("\(bad) must be refused") }
        }
        let strict = OriginPolicy(hosts: HostPolicy(listenAddress: "127.0.0.1"), port: 6800)
        guard case .refused = strict.verdict("http://127.0.0.1:8888") else { return XCTFail("off unless asked for") }
    }

    func testAPreflightEchoesOnlyTokenHeaderNamesAndAlwaysAllowsContentType() {
        XCTAssertEqual(CORSHeaders.allowedHeaders(nil), "Content-Type")
        XCTAssertEqual(CORSHeaders.allowedHeaders("content-type, Authorization"), "content-type, Authorization")
        XCTAssertEqual(CORSHeaders.allowedHeaders("X-A, bad header, x-b:1, X-A"), "Content-Type, X-A")
        let headers = Dictionary(uniqueKeysWithValues: CORSHeaders.preflight(origin: "moz-extension://u", requestedHeaders: nil))
        XCTAssertEqual(headers["Access-Control-Allow-Origin"], "moz-extension://u")
        XCTAssertEqual(headers["Vary"], "Origin")
    }

    func testDirectoriesMustResolveInsideAnAllowedOneByWholeComponents() throws {
        let policy = DirectoryPolicy(allowed: ["/data", "/srv/dl/"])
        XCTAssertTrue(policy.contains("/data"))
        XCTAssertTrue(policy.contains("/data/iso/2024"))
        XCTAssertTrue(policy.contains("/srv/dl"))
        XCTAssertFalse(policy.contains("/data2"))
        XCTAssertFalse(policy.contains("/"))
        XCTAssertFalse(policy.contains("/home/user/.ssh"))
        XCTAssertEqual(try DirectoryPolicy.normalised("iso/./x//", base: "/data"), "/data/iso/x")
        XCTAssertEqual(try DirectoryPolicy.normalised("/abs", base: "/data"), "/abs")
        XCTAssertThrowsError(try DirectoryPolicy.normalised("../etc", base: "/data"))
        XCTAssertThrowsError(try DirectoryPolicy.normalised("/data/../etc", base: "/data"))
    }

    func testTheSecretMatchesOnlyItself() {
        let token = SecretToken("s3cret")
        XCTAssertTrue(token.matches("s3cret"))
        XCTAssertFalse(token.matches("s3cre"))
        XCTAssertFalse(token.matches("s3cret "))
        XCTAssertFalse(token.matches(""))
        let generated = SecretToken.generate()
        XCTAssertEqual(generated.count, 64)
        XCTAssertNotEqual(generated, SecretToken.generate())
    }

    func testOnlyLoopbackAddressesMayRunWithoutASecretFile() {
        XCTAssertTrue(DaemonConfiguration.isLoopback("127.0.0.1"))
        XCTAssertTrue(DaemonConfiguration.isLoopback("::1"))
        XCTAssertFalse(DaemonConfiguration.isLoopback("0.0.0.0"))
        var configuration = DaemonConfiguration(stateDirectory: "/tmp/s", downloadDirectory: "/tmp/d")
        configuration.listenAddress = "0.0.0.0"
        XCTAssertThrowsError(try configuration.validate())
        configuration.secretFile = "/tmp/secret"
        XCTAssertNoThrow(try configuration.validate())
    }

    func testPagesCarryTheSecurityHeaders() throws {
        let headers = Dictionary(uniqueKeysWithValues: WebAssets.securityHeaders)
        let csp = try XCTUnwrap(headers["Content-Security-Policy"])
        XCTAssertTrue(csp.hasPrefix("default-src 'self';"), csp)
        XCTAssertTrue(csp.contains("frame-ancestors 'none'"), csp)
        XCTAssertFalse(csp.contains("unsafe"), csp)
        XCTAssertEqual(headers["X-Frame-Options"], "DENY")
        XCTAssertEqual(headers["X-Content-Type-Options"], "nosniff")
        XCTAssertEqual(headers["Referrer-Policy"], "no-referrer")
        XCTAssertNotNil(WebAssets.asset(for: "/"))
        XCTAssertNotNil(WebAssets.asset(for: "/?x=1"))
        XCTAssertNil(WebAssets.asset(for: "/etc/passwd"))
    }
}
