/// The secret checks of one request (`RequestChecks`' last step): one call, a batch, and the multicalls inside them.
///
/// aria2 compares every call's token, so one batch or `system.multicall` of 1,000 guesses tested 1,000 secrets
/// for one delay and its answer showed which one matched (issue 33, point 6). Here the first wrong token ends the
/// request's guessing: every later call that needs the secret is answered `Unauthorized` without its token being
/// compared, so a request tests one guess. A client with the right secret is not affected (its tokens are never
/// wrong), nor are calls that need no secret; calls before the wrong token are answered as usual.
package struct SecretChecks: Sendable {
    /// The methods answered without the secret, as aria2 does: they only list names. Decided here, with the other
    /// secret rules; `Aria2Methods.withoutSecret` reads it.
    package static let openMethods: Set<String> = ["system.listMethods", "system.listNotifications"]

    /// The outcome of one call's check.
    package enum Verdict: Equatable, Sendable {
        /// The call carried the secret.
        case authorized
        /// The call needs no secret (`system.listMethods`, `system.listNotifications`).
        case open
        /// Refused: no secret, a wrong one, or a token after a wrong one.
        case unauthorized
    }

    /// A call was refused: the request's answer waits out `RPCEndpoint.unauthorizedDelay`, once.
    package private(set) var refusedAny = false
    /// A wrong token was seen: no further token of this request is compared.
    package private(set) var guessedWrong = false
    /// The token that matched the secret in this request, so that the same token on a later call (a multicall of
    /// 100 adds carries it 100 times) is not hashed again: a hash per call was 2.4 % of a debug daemon's samples
    /// during adds. Comparing with it is not constant time, and need not be: it is this request's own text, known
    /// to be the secret, so its timing tells the sender nothing it did not send.
    private var matchedToken: String?

    package init() {}

    /// Checks one call.
    ///
    /// - Parameters:
    ///   - token: the secret the call carried (after `token:`), or `nil`.
    ///   - open: whether the method may be called without the secret.
    ///   - matches: compares a token with the secret (constant time, `SecretToken.matches`).
    package mutating func check(token: String?, open: Bool, matches: (String) -> Bool) -> Verdict {
        if let token {
            if !guessedWrong, token == matchedToken || matches(token) {
                matchedToken = token
                return .authorized
            }
            guessedWrong = true
        }
        if open { return .open }
        refusedAny = true
        return .unauthorized
    }
}
