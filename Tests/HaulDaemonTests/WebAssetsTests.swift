import Foundation
import XCTest

@testable import HaulDaemon

/// The page the daemon serves: every file it names is served, and nothing in it needs what the
/// Content-Security-Policy forbids (the page would load, then silently do nothing).
final class WebAssetsTests: XCTestCase {
    private func text(_ path: String) throws -> String {
        let asset = try XCTUnwrap(WebAssets.asset(for: path), path)
        XCTAssertFalse(asset.body.isEmpty, path)
        return String(decoding: asset.body, as: UTF8.self)
    }

    func testEveryFileThePageNamesIsServedWithItsType() throws {
        let index = try text("/")
        XCTAssertEqual(WebAssets.asset(for: "/")?.contentType, "text/html; charset=utf-8")
        var named = Set<String>()
        for pattern in [##"(?:src|href)="([^"#:]+)""##, #"from "\./([^"]+)""#] {
            let regex = try NSRegularExpression(pattern: pattern)
            for file in ["/"] + WebAssets.files.keys.filter({ $0.hasSuffix(".js") }).sorted() {
                let source = try text(file)
                for match in regex.matches(in: source, range: NSRange(source.startIndex..., in: source)) {
                    named.insert(String(source[Range(match.range(at: 1), in: source)!]))
                }
            }
        }
        XCTAssertTrue(named.isSuperset(of: [
            "app.css", "app.js", "rpc.js", "format.js", "view.js", "i18n.js", "i18n_zh.js", "theme.js", "order.js", "keys.js",
            "chart.js", "settings.js", "add.js", "notify.js", "actions.js", "signin.js", "feedback.js", "message.js", "pager.js", "link.js",
        ]), "\(named)")
        for name in named {
            let asset = try XCTUnwrap(WebAssets.asset(for: "/" + name), "the page names \(name), which is not served")
            let expected = name.hasSuffix(".js") ? "text/javascript" : name.hasSuffix(".css") ? "text/css" : "text/html"
            XCTAssertTrue(asset.contentType.hasPrefix(expected), "\(name): \(asset.contentType)")
        }
        XCTAssertTrue(index.contains(#"<script type="module" src="app.js"></script>"#))
        XCTAssertEqual(WebAssets.asset(for: "/favicon.ico")?.contentType, "image/svg+xml", "/favicon.ico is not a 404")
    }

    func testThePageNeedsNothingTheContentSecurityPolicyForbids() throws {
        let index = try text("/index.html")
        // Inline script, inline handlers, inline styles and anything from another origin are blocked by
        // `default-src 'self'`.
        XCTAssertNil(index.range(of: #"<script(?![^>]*\bsrc=)"#, options: .regularExpression), "inline <script>")
        XCTAssertNil(index.range(of: #"\son[a-z]+="#, options: .regularExpression), "inline event handler")
        XCTAssertNil(index.range(of: #"\sstyle="#, options: .regularExpression), "inline style attribute")
        XCTAssertNil(index.range(of: "<style"), "inline <style>")
        for file in WebAssets.files.keys.sorted() {
            let source = try text(file)
            XCTAssertNil(source.range(of: #"(?:src|href|url\()\s*=?\s*["']?(?:https?:)?//"#, options: .regularExpression),
                         "\(file) loads something from elsewhere")
            XCTAssertFalse(source.contains("innerHTML"), "\(file) builds HTML from strings")
            XCTAssertFalse(source.contains("eval("), "\(file) evaluates strings")
        }
    }
}
