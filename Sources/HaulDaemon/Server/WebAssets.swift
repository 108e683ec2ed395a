import Foundation

/// The files `haul daemon` serves at `/`: the download list page (`Sources/HaulDaemon/Web/`).
///
/// The page is plain HTML, CSS and JavaScript modules with no build step. SwiftPM compiles the files into the
/// binary (`resources: [.embedInCode("Web")]` in Package.swift, which yields `PackageResources.index_html` and
/// so on), so nothing is read from disk at run time and nothing is loaded from the internet.
///
/// Every answer carries the security headers of issue 13: a CSP that allows only the daemon's own origin (no
/// inline script or style, nothing from elsewhere, no framing), `X-Frame-Options` for older browsers, no MIME
/// sniffing, no referrer (the secret travels in the URL fragment, which browsers never send, but a referrer
/// policy costs nothing).
package enum WebAssets {
    /// One file.
    package struct Asset: Sendable {
        package var contentType: String
        package var body: Data
    }

    /// The headers every page answer carries.
    package static let securityHeaders: [(String, String)] = [
        ("Content-Security-Policy", "default-src 'self'; frame-ancestors 'none'; base-uri 'none'"),
        ("X-Frame-Options", "DENY"),
        ("X-Content-Type-Options", "nosniff"),
        ("Referrer-Policy", "no-referrer"),
        ("Cache-Control", "no-store"),
    ]

    /// The file at `path` (query ignored), or `nil`.
    package static func asset(for path: String) -> Asset? {
        let bare = String(path.prefix { $0 != "?" && $0 != "#" })
        return files[bare == "/" ? "/index.html" : bare]
    }

    static let files: [String: Asset] = [
        "/index.html": Asset(contentType: "text/html; charset=utf-8", body: Data(PackageResources.index_html)),
        "/app.css": Asset(contentType: "text/css; charset=utf-8", body: Data(PackageResources.app_css)),
        "/app.js": Asset(contentType: "text/javascript; charset=utf-8", body: Data(PackageResources.app_js)),
        "/rpc.js": Asset(contentType: "text/javascript; charset=utf-8", body: Data(PackageResources.rpc_js)),
        "/view.js": Asset(contentType: "text/javascript; charset=utf-8", body: Data(PackageResources.view_js)),
        "/format.js": Asset(contentType: "text/javascript; charset=utf-8", body: Data(PackageResources.format_js)),
        "/i18n.js": Asset(contentType: "text/javascript; charset=utf-8", body: Data(PackageResources.i18n_js)),
        "/i18n_zh.js": Asset(contentType: "text/javascript; charset=utf-8", body: Data(PackageResources.i18n_zh_js)),
        "/theme.js": Asset(contentType: "text/javascript; charset=utf-8", body: Data(PackageResources.theme_js)),
        "/order.js": Asset(contentType: "text/javascript; charset=utf-8", body: Data(PackageResources.order_js)),
        "/keys.js": Asset(contentType: "text/javascript; charset=utf-8", body: Data(PackageResources.keys_js)),
        "/chart.js": Asset(contentType: "text/javascript; charset=utf-8", body: Data(PackageResources.chart_js)),
        "/settings.js": Asset(contentType: "text/javascript; charset=utf-8", body: Data(PackageResources.settings_js)),
        "/add.js": Asset(contentType: "text/javascript; charset=utf-8", body: Data(PackageResources.add_js)),
        "/notify.js": Asset(contentType: "text/javascript; charset=utf-8", body: Data(PackageResources.notify_js)),
        "/actions.js": Asset(contentType: "text/javascript; charset=utf-8", body: Data(PackageResources.actions_js)),
        "/signin.js": Asset(contentType: "text/javascript; charset=utf-8", body: Data(PackageResources.signin_js)),
        "/feedback.js": Asset(contentType: "text/javascript; charset=utf-8", body: Data(PackageResources.feedback_js)),
        "/message.js": Asset(contentType: "text/javascript; charset=utf-8", body: Data(PackageResources.message_js)),
        "/pager.js": Asset(contentType: "text/javascript; charset=utf-8", body: Data(PackageResources.pager_js)),
        "/link.js": Asset(contentType: "text/javascript; charset=utf-8", body: Data(PackageResources.link_js)),
        // Browsers ask for /favicon.ico by themselves; a small SVG answers (a 404 would land in the console).
        "/favicon.ico": Asset(contentType: "image/svg+xml", body: Data(PackageResources.favicon_svg)),
    ]
}
