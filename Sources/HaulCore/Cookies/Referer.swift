/// `--referer URL`, with aria2c's `*`: the download's own URL.
public enum Referer {
    /// The `Referer` header value for a download of `downloadURL`, or `nil` for none.
    ///
    /// The fragment and any user name or password are removed (RFC 9110 §10.1.3: a Referer must not include
    /// them).
    public static func value(option: String?, downloadURL: String) -> String? {
        guard let option, !option.isEmpty else { return nil }
        var url = option == "*" ? downloadURL : option
        if let hash = url.firstIndex(of: "#") { url = String(url[..<hash]) }
        if let schemeEnd = url.range(of: "://") {
            let rest = url[schemeEnd.upperBound...]
            let authorityEnd = rest.firstIndex { $0 == "/" || $0 == "?" } ?? rest.endIndex
            if let at = rest[..<authorityEnd].lastIndex(of: "@") {
                url = String(url[..<schemeEnd.upperBound]) + rest[rest.index(after: at)...]
            }
        }
        return url
    }
}
