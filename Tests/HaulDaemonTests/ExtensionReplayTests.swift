import Foundation
import HaulDaemon
import HaulTestSupport
import XCTest

// Each browser client's call sequence, replayed against a running daemon with the bodies, Origin, Content-Type and
// transport (WebSocket or HTTP POST) the client's public source sends. The JSON below is the shape the named source
// file builds; values that differ per run are `{{NAME}}` (see `ReplayClient`). Sources read at the snapshot fetched
// on 2026-11-24.

/// alexhua/Aria2-Explorer: `js/aria2.js` (`#buildRequest`: `{jsonrpc:"2.0", method, id: <counter>, params}`, token
/// first; WebSocket preferred, else `fetch` POST with `Content-Type: application/json`), `background.js`
/// (`send2Aria`: `header` = `Cookie: …` and `User-Agent: …`, `referer`, `out`, `dir` = the RPC item's `location`,
/// often ""; then `changeGlobalOption`; notifications read from the socket; `tellStatus(gid, ["dir","files","bittorrent"])`).
final class Aria2ExplorerReplayTests: XCTestCase {
    func testSendToAria2ThenNotificationsAndStatus() async throws {
        let fixture = try await DaemonFixture.start(.socket)
        let client = ReplayClient(fixture, origin: "chrome-extension://mpkodccbngfoacfalldjimigbofkhgjn", values: [
            "URL": fixture.serve("/members/report.pdf", deterministicBytes(count: 40_000)),
        ])
        try client.openSocket()
        let added = try client.send(#"{"jsonrpc":"2.0","method":"aria2.addUri","id":0,"params":["token:{{TOKEN}}",["{{URL}}"],{"header":["Cookie: sid=abc123; theme=dark","User-Agent: Mozilla/5.0 (X11; Linux x86_64) Chrome/120.0"],"referer":"https://members.example/library","out":"report.pdf","dir":""}]}"#)
        let gid = try XCTUnwrap(added["result"], "\(added)")
        XCTAssertNotNil(try client.send(#"{"jsonrpc":"2.0","method":"aria2.changeGlobalOption","id":1,"params":["token:{{TOKEN}}",{"max-concurrent-downloads":"5","max-overall-download-limit":"0","bt-tracker":""}]}"#)["result"])
        _ = try client.notification("aria2.onDownloadComplete", gid: gid)
        client.values["GID"] = gid.stringValue
        let status = try client.send(#"{"jsonrpc":"2.0","method":"aria2.tellStatus","id":2,"params":["token:{{TOKEN}}","{{GID}}",["dir","files","bittorrent"]]}"#)
        XCTAssertEqual(status["result"]?["dir"], .string(fixture.downloads))
        XCTAssertEqual(status["result"]?["files"]?.arrayValue?.first?["path"], .string(fixture.downloads + "/report.pdf"))
        let request = try XCTUnwrap(fixture.server.requests(for: "/members/report.pdf").first)
        XCTAssertEqual(request.header("cookie"), "sid=abc123; theme=dark")
        XCTAssertEqual(request.header("referer"), "https://members.example/library")
        XCTAssertEqual(request.header("user-agent"), "Mozilla/5.0 (X11; Linux x86_64) Chrome/120.0")
        // Its HTTP fallback (the socket closed): the popup's getGlobalStat.
        XCTAssertEqual(try client.result(#"{"jsonrpc":"2.0","method":"aria2.getGlobalStat","id":3,"params":["token:{{TOKEN}}"]}"#)["numStopped"], "1")
        await fixture.stop()
    }
}

/// baptistecdr/aria2-integration: `src/aria2-extension.ts` (`captureURL`: `header: ["Referer: …", "Cookie: …"]`,
/// empty values when the page has none, then the server's `rpcParameters`, `dir`, `out`), through
/// `@baptistecdr/aria2` 7, whose `_buildMessage` writes `{method, "json-rpc": "2.0", id}` (no `jsonrpc` member);
/// `src/popup/components/server-tab.tsx` (`multicall([["tellActive"], ["tellWaiting", 0, n], ["tellStopped", 0, n]])`),
/// `server-task-management.tsx` (pause, unpause, remove, removeDownloadResult), `background.ts` (purgeDownloadResult),
/// torrents through `addTorrent`.
final class Aria2IntegrationReplayTests: XCTestCase {
    func testCaptureThenThePopupsMulticallAndTaskActions() async throws {
        let fixture = try await DaemonFixture.start()
        let client = ReplayClient(fixture, origin: "moz-extension://6f1c2a7e-3b9d-4c55-8e0a-91d2b7c4e3f0", values: [
            "URL": fixture.serve("/dl/tool.tar.gz", deterministicBytes(count: 300_000), bytesPerSecond: 60_000),
            "DONE": fixture.serve("/dl/small.txt", deterministicBytes(count: 2000)),
        ])
        let gid = try client.result(#"{"method":"aria2.addUri","json-rpc":"2.0","id":0,"params":["token:{{TOKEN}}",["{{URL}}"],{"header":["Referer: ","Cookie: "],"split":"4","max-connection-per-server":"4","out":"tool.tar.gz"}]}"#)
        client.values["GID"] = gid.stringValue
        let done = try client.result(#"{"method":"aria2.addUri","json-rpc":"2.0","id":1,"params":["token:{{TOKEN}}",["{{DONE}}"],{"header":["Referer: https://site.example/","Cookie: a=1"],"dir":"{{DIR}}"}]}"#)
        try await fixture.wait(done, for: "complete")
        let lists = try client.result(#"{"method":"system.multicall","json-rpc":"2.0","id":2,"params":[[{"methodName":"aria2.tellActive","params":["token:{{TOKEN}}"]},{"methodName":"aria2.tellWaiting","params":["token:{{TOKEN}}",0,25]},{"methodName":"aria2.tellStopped","params":["token:{{TOKEN}}",0,25]}]]}"#)
        XCTAssertEqual(lists.arrayValue?.count, 3)
        XCTAssertEqual(lists.arrayValue?[2].arrayValue?.first?.arrayValue?.first?["gid"], done)
        XCTAssertNil(fixture.server.requests(for: "/dl/tool.tar.gz").first?.header("cookie"), "an empty Cookie header is not sent")
        XCTAssertEqual(try client.result(#"{"method":"aria2.pause","json-rpc":"2.0","id":3,"params":["token:{{TOKEN}}","{{GID}}"]}"#), gid)
        XCTAssertEqual(try client.result(#"{"method":"aria2.unpause","json-rpc":"2.0","id":4,"params":["token:{{TOKEN}}","{{GID}}"]}"#), gid)
        XCTAssertEqual(try client.result(#"{"method":"aria2.remove","json-rpc":"2.0","id":5,"params":["token:{{TOKEN}}","{{GID}}"]}"#), gid)
        XCTAssertEqual(try client.result(#"{"method":"aria2.removeDownloadResult","json-rpc":"2.0","id":6,"params":["token:{{TOKEN}}","{{GID}}"]}"#), "OK")
        XCTAssertEqual(try client.result(#"{"method":"aria2.purgeDownloadResult","json-rpc":"2.0","id":7,"params":["token:{{TOKEN}}"]}"#), "OK")
        let torrent = try client.post(#"{"method":"aria2.addTorrent","json-rpc":"2.0","id":8,"params":["token:{{TOKEN}}","ZDg6YW5ub3VuY2U=",[],{}]}"#)
        XCTAssertTrue(torrent["error"]?["message"]?.stringValue?.contains("BitTorrent") == true, "\(torrent)")
        await fixture.stop()
    }
}

/// jc3213/download_with_aria2: `chromium/libs/aria2.js` (`call`: `{jsonrpc:"2.0", id: <counter from 0>, method,
/// params: [secret, ...]}`; `#post` is `fetch(url, {method: "POST", body})` with no Content-Type of its own, so the
/// browser sends `text/plain;charset=UTF-8` (a body without any Content-Type: `Aria2LeniencyTests`);
/// `multicall` puts the secret in each nested call), `chromium/application.js` (`downloadHandler`: `dir` null unless
/// set, `out`, `header` with `Referer` and `User-Agent` last, `all-proxy` for proxied hosts; the start-up multicall
/// tellActive/getGlobalOption/getVersion), `chromium/pages/popup.js` (getGlobalStat/getVersion/tellActive/
/// tellWaiting(0, 999)/tellStopped(0, 999) multicall, getFiles+getOption, `changeUri(gid, 1, [], [url])` expecting
/// `result[1] === 1`, forcePause, unpause, changeOption, changePosition POS_SET, forceRemove, removeDownloadResult).
final class DownloadWithAria2ReplayTests: XCTestCase {
    func testDownloadHandlerAndThePopupsCalls() async throws {
        let fixture = try await DaemonFixture.start()
        let client = ReplayClient(fixture, origin: "chrome-extension://gbdinbbamaniaidalikeiclecfbpgphh", contentType: "text/plain;charset=UTF-8", values: [
            "URL": fixture.serve("/a/video.mp4", deterministicBytes(count: 400_000), bytesPerSecond: 50_000),
            // Slow too: the download moves to the mirror, and must still be running when the popup pauses it.
            "MIRROR": fixture.serve("/b/video.mp4", deterministicBytes(count: 400_000), bytesPerSecond: 100_000),
        ])
        let start = try client.result(#"{"jsonrpc":"2.0","id":0,"method":"system.multicall","params":[[{"methodName":"aria2.tellActive","params":["token:{{TOKEN}}"]},{"methodName":"aria2.getGlobalOption","params":["token:{{TOKEN}}"]},{"methodName":"aria2.getVersion","params":["token:{{TOKEN}}"]}]]}"#)
        XCTAssertEqual(start.arrayValue?[2].arrayValue?.first?["version"], "1.37.0")
        let gid = try client.result(#"{"jsonrpc":"2.0","id":1,"method":"aria2.addUri","params":["token:{{TOKEN}}",["{{URL}}"],{"dir":null,"out":"video.mp4","header":["Referer: https://video.example/watch","User-Agent: Mozilla/5.0 Firefox/121.0"]}]}"#)
        client.values["GID"] = gid.stringValue
        let popup = try client.result(#"{"jsonrpc":"2.0","id":2,"method":"system.multicall","params":[[{"methodName":"aria2.getGlobalStat","params":["token:{{TOKEN}}"]},{"methodName":"aria2.getVersion","params":["token:{{TOKEN}}"]},{"methodName":"aria2.tellActive","params":["token:{{TOKEN}}"]},{"methodName":"aria2.tellWaiting","params":["token:{{TOKEN}}",0,999]},{"methodName":"aria2.tellStopped","params":["token:{{TOKEN}}",0,999]}]]}"#)
        XCTAssertEqual(popup.arrayValue?.count, 5)
        let details = try client.result(#"{"jsonrpc":"2.0","id":3,"method":"system.multicall","params":[[{"methodName":"aria2.getFiles","params":["token:{{TOKEN}}","{{GID}}"]},{"methodName":"aria2.getOption","params":["token:{{TOKEN}}","{{GID}}"]}]]}"#)
        XCTAssertEqual(details.arrayValue?[1].arrayValue?.first?["out"], "video.mp4")
        // The popup adds a mirror to the running download; Haul takes it as the download's one URL.
        XCTAssertEqual(try client.result(#"{"jsonrpc":"2.0","id":4,"method":"aria2.changeUri","params":["token:{{TOKEN}}","{{GID}}",1,[],["{{MIRROR}}"]]}"#), [0, 1])
        XCTAssertEqual(try client.result(#"{"jsonrpc":"2.0","id":5,"method":"aria2.forcePause","params":["token:{{TOKEN}}","{{GID}}"]}"#), gid)
        XCTAssertEqual(try client.result(#"{"jsonrpc":"2.0","id":6,"method":"aria2.changeOption","params":["token:{{TOKEN}}","{{GID}}",{"max-download-limit":"0","min-split-size":"4194304"}]}"#), "OK")
        // The popup sends back the options it read; a changed one that Haul fixes once a download exists is refused
        // with aria2's error, not ignored.
        XCTAssertTrue(try client.post(#"{"jsonrpc":"2.0","id":61,"method":"aria2.changeOption","params":["token:{{TOKEN}}","{{GID}}",{"min-split-size":"20M"}]}"#)["error"]?["message"]?.stringValue?.contains("'--min-split-size'") == true)
        XCTAssertEqual(try client.result(#"{"jsonrpc":"2.0","id":7,"method":"aria2.changePosition","params":["token:{{TOKEN}}","{{GID}}",0,"POS_SET"]}"#), 0)
        XCTAssertEqual(try client.result(#"{"jsonrpc":"2.0","id":8,"method":"aria2.unpause","params":["token:{{TOKEN}}","{{GID}}"]}"#), gid)
        try await fixture.wait(gid, for: "complete")
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: fixture.downloads + "/video.mp4")), Data(deterministicBytes(count: 400_000)))
        XCTAssertEqual(try client.result(#"{"jsonrpc":"2.0","id":9,"method":"aria2.removeDownloadResult","params":["token:{{TOKEN}}","{{GID}}"]}"#), "OK")
        await fixture.stop()
    }
}

/// gautamkrishnar/motrix-webextension: `app/scripts/background.js` (`syncAria2Config`: host 127.0.0.1, port and
/// secret from its settings, path `/jsonrpc`; `handleDownload`: `{...parsePath(filename), "remote-time": "false",
/// referer, header: "Cookie: …"}` with `header` one string), `app/scripts/services/Aria2Service.js` (`new Aria2(…)`,
/// `open()`: a WebSocket; `call("getVersion")` as a ping, `call("addUri", [url], params)`, `call("tellStatus", gid)`,
/// listeners for onDownloadStart/Complete/Stop/Error), through the `aria2` package 5 (`"json-rpc": "2.0"`, numeric ids).
final class MotrixWebExtensionReplayTests: XCTestCase {
    func testInterceptedDownloadOverTheWebSocket() async throws {
        let fixture = try await DaemonFixture.start(.socket)
        let client = ReplayClient(fixture, origin: "moz-extension://2c4f4b0a-9e7d-4a35-b0f2-5d3c1e8a7b60", values: [
            "URL": fixture.serve("/files/setup.exe", deterministicBytes(count: 60_000)),
        ])
        try client.openSocket()
        XCTAssertNotNil(try client.send(#"{"method":"aria2.getVersion","json-rpc":"2.0","id":0,"params":["token:{{TOKEN}}"]}"#)["result"]?["version"])
        let added = try client.send(#"{"method":"aria2.addUri","json-rpc":"2.0","id":1,"params":["token:{{TOKEN}}",["{{URL}}"],{"dir":"{{DIR}}","out":"setup.exe","remote-time":"false","referer":"https://vendor.example/download","header":"Cookie: consent=yes"}]}"#)
        let gid = try XCTUnwrap(added["result"], "\(added)")
        _ = try client.notification("aria2.onDownloadStart", gid: gid)
        _ = try client.notification("aria2.onDownloadComplete", gid: gid)
        client.values["GID"] = gid.stringValue
        XCTAssertEqual(try client.send(#"{"method":"aria2.tellStatus","json-rpc":"2.0","id":2,"params":["token:{{TOKEN}}","{{GID}}"]}"#)["result"]?["status"], "complete")
        XCTAssertEqual(fixture.server.requests(for: "/files/setup.exe").first?.header("cookie"), "consent=yes")
        await fixture.stop()
    }
}

/// ziahamza/webui-aria2: `src/js/services/rpc/jsoncall.js` (`$.post` with `contentType: "application/json"` and
/// `{jsonrpc: 2.0, id: "webui", method, params}`: the version a number), `rpc/rpc.js` (every poll is one
/// `system.multicall`, the secret in each call, `params` left out when there are none), `ctrls/main.js` (subscribes
/// tellActive, tellWaiting(0, 1000), tellStopped(0, 1000), getGlobalStat; `restart`: getOption + getFiles, then
/// removeDownloadResult and addUri with the options getOption gave), `rpc/helpers.js` (addUri with the settings).
/// webui-aria2 is a web page: its origin must be named with `--rpc-allow-origin`.
final class WebuiAria2ReplayTests: XCTestCase {
    func testPollingMulticallAddAndRestart() async throws {
        let origin = "http://webui.example:8888"
        let fixture = try await DaemonFixture.start { $0.allowedOrigins = [origin] }
        let client = ReplayClient(fixture, origin: origin, values: ["URL": fixture.serve("/iso/debian.iso", deterministicBytes(count: 50_000))])
        let preflight = try fixture.request(method: "OPTIONS", headers: [
            "Origin": origin, "Access-Control-Request-Method": "POST", "Access-Control-Request-Headers": "content-type",
        ])
        XCTAssertEqual(preflight.headers["access-control-allow-origin"], origin)
        XCTAssertEqual(preflight.headers["access-control-allow-headers"], "content-type")
        let gid = try client.result(#"{"jsonrpc":2.0,"id":"webui","method":"aria2.addUri","params":["token:{{TOKEN}}",["{{URL}}"],{"dir":"{{DIR}}","split":"5","max-connection-per-server":"5","continue":"true","pause":"false"}]}"#)
        try await fixture.wait(gid, for: "complete")
        client.values["GID"] = gid.stringValue
        let poll = try client.result(#"{"jsonrpc":2.0,"id":"webui","method":"system.multicall","params":[[{"methodName":"aria2.tellActive","params":["token:{{TOKEN}}"]},{"methodName":"aria2.tellWaiting","params":["token:{{TOKEN}}",0,1000]},{"methodName":"aria2.tellStopped","params":["token:{{TOKEN}}",0,1000]},{"methodName":"aria2.getGlobalStat","params":["token:{{TOKEN}}"]},{"methodName":"system.listMethods"}]]}"#)
        XCTAssertEqual(poll.arrayValue?[2].arrayValue?.first?.arrayValue?.first?["gid"], gid)
        XCTAssertEqual(poll.arrayValue?[3].arrayValue?.first?["numStopped"], "1")
        // restart: the options getOption gives go back into addUri.
        let options = try client.result(#"{"jsonrpc":2.0,"id":"webui","method":"aria2.getOption","params":["token:{{TOKEN}}","{{GID}}"]}"#)
        _ = try client.result(#"{"jsonrpc":2.0,"id":"webui","method":"aria2.getFiles","params":["token:{{TOKEN}}","{{GID}}"]}"#)
        XCTAssertEqual(try client.result(#"{"jsonrpc":2.0,"id":"webui","method":"aria2.removeDownloadResult","params":["token:{{TOKEN}}","{{GID}}"]}"#), "OK")
        try FileManager.default.removeItem(atPath: fixture.downloads + "/debian.iso")
        var again = options.objectValue ?? [:]
        again["out"] = "debian.iso"
        let readded = try fixture.call("aria2.addUri", [[.string(client.values["URL"]!)], .object(again)])
        try await fixture.wait(readded, for: "complete")
        await fixture.stop()
    }
}

/// mayswind/AriaNg: `src/scripts/services/aria2RpcService.js` (`invoke`: `{jsonrpc: "2.0", method, id: <unique>,
/// params}`; `buildRequestContext` puts the secret first for aria2 methods and leaves out null arguments, so
/// `tellActive(token)` without keys; tellWaiting(0, 1000, keys), tellStopped(-1, 1000, keys)), `aria2TaskService.js`
/// (`getBasicTaskParams`/`getFullTaskParams` keys), `aria2WebSocketRpcService.js` (one WebSocket, answers matched by
/// id, notifications to listeners), `aria2HttpRpcService.js` (POST with `Content-Type: application/json`).
/// Served from another origin (ariang.mayswind.net, a local copy), AriaNg needs `--rpc-allow-origin`.
final class AriaNgReplayTests: XCTestCase {
    func testTheListPagesTaskDetailAndNewTaskOverTheWebSocket() async throws {
        let origin = "http://ariang.example"
        let fixture = try await DaemonFixture.start(.socket) { $0.allowedOrigins = [origin] }
        let client = ReplayClient(fixture, origin: origin, values: ["URL": fixture.serve("/pub/app.AppImage", deterministicBytes(count: 80_000))])
        try client.openSocket()
        let keys = #"["gid","totalLength","completedLength","uploadSpeed","downloadSpeed","connections","numSeeders","seeder","status","errorCode","verifiedLength","verifyIntegrityPending"]"#
        client.values["KEYS"] = keys
        XCTAssertNotNil(try client.send(#"{"jsonrpc":"2.0","method":"aria2.getVersion","id":"1700000000001","params":["token:{{TOKEN}}"]}"#)["result"])
        XCTAssertNotNil(try client.send(#"{"jsonrpc":"2.0","method":"aria2.getGlobalOption","id":"1700000000002","params":["token:{{TOKEN}}"]}"#)["result"]?["dir"])
        let added = try client.send(#"{"jsonrpc":"2.0","method":"system.multicall","id":"1700000000003","params":[[{"methodName":"aria2.addUri","params":["token:{{TOKEN}}",["{{URL}}"],{"out":"app.AppImage","split":"4","max-download-limit":"0"}]}]]}"#)
        let gid = try XCTUnwrap(added["result"]?.arrayValue?.first?.arrayValue?.first, "\(added)")
        _ = try client.notification("aria2.onDownloadComplete", gid: gid)
        client.values["GID"] = gid.stringValue
        XCTAssertEqual(try client.send(#"{"jsonrpc":"2.0","method":"aria2.tellActive","id":"1700000000004","params":["token:{{TOKEN}}",{{KEYS}}]}"#)["result"], [])
        XCTAssertEqual(try client.send(#"{"jsonrpc":"2.0","method":"aria2.tellWaiting","id":"1700000000005","params":["token:{{TOKEN}}",0,1000,{{KEYS}}]}"#)["result"], [])
        let stopped = try client.send(#"{"jsonrpc":"2.0","method":"aria2.tellStopped","id":"1700000000006","params":["token:{{TOKEN}}",-1,1000,{{KEYS}}]}"#)
        XCTAssertEqual(stopped["result"]?.arrayValue?.first?["status"], "complete")
        XCTAssertEqual(stopped["result"]?.arrayValue?.first?["completedLength"], "80000")
        let detail = try client.send(#"{"jsonrpc":"2.0","method":"aria2.tellStatus","id":"1700000000007","params":["token:{{TOKEN}}","{{GID}}"]}"#)
        XCTAssertEqual(detail["result"]?["files"]?.arrayValue?.first?["path"], .string(fixture.downloads + "/app.AppImage"))
        XCTAssertEqual(try client.send(#"{"jsonrpc":"2.0","method":"aria2.getPeers","id":"1700000000008","params":["token:{{TOKEN}}","{{GID}}"]}"#)["result"], [])
        XCTAssertNotNil(try client.send(#"{"jsonrpc":"2.0","method":"aria2.getServers","id":"1700000000009","params":["token:{{TOKEN}}","{{GID}}"]}"#)["result"])
        XCTAssertNotNil(try client.send(#"{"jsonrpc":"2.0","method":"aria2.getGlobalStat","id":"1700000000010","params":["token:{{TOKEN}}"]}"#)["result"]?["numStopped"])
        await fixture.stop()
    }
}
