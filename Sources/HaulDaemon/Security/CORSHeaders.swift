import Foundation

/// The CORS headers of the daemon's answers to an allowed cross-origin caller (an origin named with
/// `--rpc-allow-origin`, or a browser extension let in on condition of the secret).
///
/// Always the caller's own origin, never `*`: a wildcard would tell the browser that any page may read the answers.
/// `Vary: Origin`, because the answer differs by origin (a cache must not hand one origin's answer to another).
/// A preflight (`OPTIONS`) is answered with the method and headers the client says it will send, as aria2 answers
/// them, so that a client sending `Authorization` or a custom header is not refused by its own browser; only `POST`
/// is offered as a method (no `GET`: that is aria2's JSONP path, refused).
package enum CORSHeaders {
    /// The headers of an ordinary answer to `origin`.
    package static func answer(origin: String) -> [(String, String)] {
        [("Access-Control-Allow-Origin", origin), ("Vary", "Origin")]
    }

    /// The headers of a preflight answer to `origin`, given its `Access-Control-Request-Headers`.
    package static func preflight(origin: String, requestedHeaders: String?) -> [(String, String)] {
        answer(origin: origin) + [
            ("Access-Control-Allow-Methods", "POST, OPTIONS"),
            ("Access-Control-Allow-Headers", allowedHeaders(requestedHeaders)),
            ("Access-Control-Max-Age", "600"),
        ]
    }

    /// The requested header names that are plain HTTP tokens (anything else is dropped: it must not inject text
    /// into our answer), with `Content-Type` always among them.
    package static func allowedHeaders(_ requested: String?) -> String {
        var names: [String] = []
        for raw in (requested ?? "").split(separator: ",") {
            let name = raw.trimmingCharacters(in: .whitespaces)
            guard !name.isEmpty, name.count <= 64, name.unicodeScalars.allSatisfy(isTokenCharacter) else { continue }
            if !names.contains(where: { $0.lowercased() == name.lowercased() }) { names.append(name) }
        }
        if !names.contains(where: { $0.lowercased() == "content-type" }) { names.insert("Content-Type", at: 0) }
        return names.joined(separator: ", ")
    }

    /// RFC 9110 §5.6.2 `tchar`.
    private static func isTokenCharacter(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII, scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) { return true }
        return "!#$%&'*+-.^_`|~".unicodeScalars.contains(scalar)
    }
}
