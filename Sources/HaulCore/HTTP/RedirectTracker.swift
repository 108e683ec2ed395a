import Foundation

/// Which redirects are followed (docs/http-rules.md rule 13).
public struct RedirectPolicy: Hashable, Sendable {
    /// The longest chain followed; one more hop is an error.
    public var maximumRedirects: Int
    /// Whether an https URL may redirect to plain http. Off by default: it would silently drop TLS.
    public var allowsInsecureDowngrade: Bool

    /// Creates a policy.
    public init(maximumRedirects: Int = 10, allowsInsecureDowngrade: Bool = false) {
        self.maximumRedirects = maximumRedirects
        self.allowsInsecureDowngrade = allowsInsecureDowngrade
    }
}

/// Why a redirect was refused.
public enum RedirectError: Error, Hashable, Sendable, CustomStringConvertible {
    case tooManyRedirects(Int)
    case loop(String)
    case unsupportedScheme(String)
    case insecureDowngrade(from: String, to: String)
    case invalidLocation(String)

    public var description: String {
        switch self {
        case .tooManyRedirects(let count): return "more than \(count) redirects"
        case .loop(let url): return "redirect loop back to \(url)"
        case .unsupportedScheme(let scheme): return "redirect to an unsupported scheme \"\(scheme)\" (only http and https)"
        case .insecureDowngrade(let from, let to):
            return "refused redirect from https to plain http (\(from) -> \(to)); allow it explicitly if you trust it"
        case .invalidLocation(let location): return "redirect to an invalid location \"\(location)\""
        }
    }
}

/// Follows one chain of redirects: resolves each `Location`, refuses what the policy forbids, detects loops, and
/// says when credentials must be dropped because the origin changed (docs/http-rules.md rule 14).
public struct RedirectTracker: Sendable {
    /// The policy in force.
    public let policy: RedirectPolicy
    /// The URL the chain started from.
    public let startURL: URL
    /// The URL to request now.
    public private(set) var currentURL: URL
    /// How many redirects were followed.
    public private(set) var hops = 0
    /// Whether `Authorization`, `Cookie` and URL credentials may still be sent: false for good once the chain has
    /// left the starting origin (scheme, host and port), even if it comes back.
    public private(set) var sendsCredentials = true
    private var visited: Set<String>

    /// Starts a chain at `url`.
    public init(policy: RedirectPolicy, startURL url: URL) {
        self.policy = policy
        self.startURL = url
        self.currentURL = url
        self.visited = [url.absoluteString]
    }

    /// Follows a `Location` header relative to the current URL.
    ///
    /// - Returns: the next URL to request.
    /// - Throws: `RedirectError` when the policy refuses the hop.
    public mutating func follow(location: String) throws(RedirectError) -> URL {
        guard hops < policy.maximumRedirects else { throw .tooManyRedirects(policy.maximumRedirects) }
        guard let next = URL(string: location, relativeTo: currentURL)?.absoluteURL, next.host != nil else {
            throw .invalidLocation(location)
        }
        let scheme = next.scheme?.lowercased() ?? ""
        guard scheme == "http" || scheme == "https" else { throw .unsupportedScheme(scheme) }
        if currentURL.scheme?.lowercased() == "https", scheme == "http", !policy.allowsInsecureDowngrade {
            throw .insecureDowngrade(from: currentURL.absoluteString, to: next.absoluteString)
        }
        let key = next.absoluteString
        guard !visited.contains(key) else { throw .loop(key) }
        visited.insert(key)
        hops += 1
        if !Self.sameOrigin(next, startURL) { sendsCredentials = false }
        currentURL = next
        return next
    }

    /// Whether two URLs share scheme, host and port (default ports made explicit).
    public static func sameOrigin(_ a: URL, _ b: URL) -> Bool {
        a.scheme?.lowercased() == b.scheme?.lowercased()
            && a.host?.lowercased() == b.host?.lowercased()
            && effectivePort(a) == effectivePort(b)
    }

    private static func effectivePort(_ url: URL) -> Int? {
        if let port = url.port { return port }
        switch url.scheme?.lowercased() {
        case "http": return 80
        case "https": return 443
        default: return nil
        }
    }
}
