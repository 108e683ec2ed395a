import HaulDaemon
import XCTest

/// `RequestChecks`: Host, Origin, CORS and the secret, in that order, as pure decisions (no socket).
final class RequestChecksTests: XCTestCase {
    private let checks = RequestChecks(
        listenAddress: "127.0.0.1", port: 6800, allowedOrigins: ["http://ariang.example"], extensionsWithSecret: true,
        secret: SecretToken("s3cret")
    )

    private func head(_ method: String = "POST", _ uri: String = "/jsonrpc", host: String? = "127.0.0.1:6800",
                      origin: String? = nil, requestedHeaders: String? = nil) -> RequestChecks.Head {
        RequestChecks.Head(method: method, uri: uri, host: host, origin: origin, requestedHeaders: requestedHeaders)
    }

    func testTheStepsAreTakenInTheirFixedOrder() {
        XCTAssertEqual(RequestChecks.Stage.allCases, [.host, .origin, .cors, .secret])
        // A foreign Host and a foreign Origin: the Host is refused first, whatever the Origin.
        guard case .refuse(421, _, .host) = checks.admit(head(host: "rebind.evil.example:6800", origin: "http://evil.example")) else {
            return XCTFail("the Host is checked before the Origin")
        }
        guard case .refuse(421, _, .host) = checks.admit(head("GET", "/", host: nil)) else {
            return XCTFail("no Host is a foreign Host, on the page too")
        }
        guard case .refuse(403, let why, .origin) = checks.admit(head(origin: "http://evil.example")) else {
            return XCTFail("a foreign origin is refused at the Origin step")
        }
        XCTAssertTrue(why.contains("--rpc-allow-origin"), why)
    }

    func testThePagesFilesAreNotOriginCheckedButTheRPCIsWithItsQueryIgnored() {
        XCTAssertEqual(checks.admit(head("GET", "/app.js", origin: "http://evil.example")), .allow(.init()))
        guard case .refuse(403, _, .origin) = checks.admit(head("GET", "/jsonrpc?method=x&jsoncallback=cb", origin: "http://evil.example")) else {
            return XCTFail("/jsonrpc with a query is the RPC")
        }
    }

    func testSameOriginCallersGetNoCORSAndAllowedOnesGetTheirOwnOrigin() {
        XCTAssertEqual(checks.admit(head()), .allow(.init()))
        XCTAssertEqual(checks.admit(head(origin: "http://127.0.0.1:6800")), .allow(.init()))
        XCTAssertEqual(
            checks.admit(head(origin: "http://AriaNg.example/")),
            .allow(.init(headers: [.init("Access-Control-Allow-Origin", "http://ariang.example"), .init("Vary", "Origin")]))
        )
    }

    func testAnExtensionIsAdmittedOnConditionOfTheSecretAndItsPreflightAnswered() {
        let origin = "moz-extension://6f1c2a7e"
        XCTAssertEqual(
            checks.admit(head(origin: origin)),
            .allow(.init(headers: [.init("Access-Control-Allow-Origin", origin), .init("Vary", "Origin")], secretRequired: true))
        )
        guard case .allow(let preflight) = checks.admit(head("OPTIONS", origin: origin, requestedHeaders: "Authorization, bad header")) else {
            return XCTFail("an extension's preflight is answered")
        }
        XCTAssertTrue(preflight.isPreflight)
        XCTAssertTrue(preflight.secretRequired)
        XCTAssertTrue(preflight.headers.contains(.init("Access-Control-Allow-Headers", "Content-Type, Authorization")), "\(preflight.headers)")
        XCTAssertTrue(preflight.headers.contains(.init("Access-Control-Allow-Methods", "POST, OPTIONS")))
    }

    func testTheSecretStepTestsOneGuessPerRequestAndOpenMethodsNeedItOnlyFromExtensions() {
        var request = SecretChecks()
        XCTAssertEqual(checks.checkCall("aria2.tellActive", token: "s3cret", secretRequired: false, in: &request), .authorized)
        XCTAssertEqual(checks.checkCall("system.listMethods", token: nil, secretRequired: false, in: &request), .open)
        XCTAssertEqual(checks.checkCall("aria2.tellActive", token: nil, secretRequired: false, in: &request), .unauthorized)
        XCTAssertFalse(request.guessedWrong)
        XCTAssertEqual(checks.checkCall("aria2.tellActive", token: "guess", secretRequired: false, in: &request), .unauthorized)
        XCTAssertEqual(checks.checkCall("aria2.tellActive", token: "s3cret", secretRequired: false, in: &request), .unauthorized,
                       "after a wrong token no other is compared in the same request")
        XCTAssertTrue(request.refusedAny)

        var fromExtension = SecretChecks()
        XCTAssertEqual(checks.checkCall("system.listMethods", token: nil, secretRequired: true, in: &fromExtension), .unauthorized)
        XCTAssertEqual(checks.checkCall("system.listMethods", token: "s3cret", secretRequired: true, in: &fromExtension), .authorized)
    }

    /// A multicall of adds carries the secret once a call: it is hashed and compared once, and a token after a
    /// wrong one is still refused without being compared.
    func testATokenThatMatchedIsNotComparedAgainInTheSameRequest() {
        var request = SecretChecks()
        var compared: [String] = []
        let matches = { (token: String) -> Bool in
            compared.append(token)
            return token == "s3cret"
        }
        for _ in 0..<100 {
            XCTAssertEqual(request.check(token: "s3cret", open: false, matches: matches), .authorized)
        }
        XCTAssertEqual(compared, ["s3cret"])
        XCTAssertEqual(request.check(token: "s3cre", open: false, matches: matches), .unauthorized)
        XCTAssertEqual(request.check(token: "s3cret", open: false, matches: matches), .unauthorized,
                       "after a wrong token not even the secret is let in")
        XCTAssertEqual(compared, ["s3cret", "s3cre"])
        var next = SecretChecks()
        XCTAssertEqual(next.check(token: "s3cret", open: false) { _ in false }, .unauthorized,
                       "each request compares its tokens afresh")
    }
}
