import XCTest

@testable import HaulDaemon

/// `NotificationHub.broadcast` makes a notification's text only when a connection may receive it; that a
/// connection does receive it is `DaemonWebSocketTests`'.
final class NotificationHubTests: XCTestCase {
    func testABroadcastWithNoConnectionDoesNotMakeItsText() {
        let hub = NotificationHub()
        var made = 0
        func text() -> String {
            made += 1
            return "{}"
        }
        hub.broadcast(text(), progress: false)
        hub.broadcast(text(), progress: true)
        XCTAssertEqual(hub.count, 0)
        XCTAssertEqual(made, 0, "a daemon nobody listens to encodes no notification (one per add before)")
    }
}
