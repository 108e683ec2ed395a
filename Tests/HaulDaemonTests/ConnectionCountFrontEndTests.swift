import ArgumentParser
import Foundation
import HaulCore
import HaulDaemon
import HaulKit
import HaulTestSupport
import XCTest

@testable import haul

/// One owner of the connection count (`ConnectionCount`): the same input gives the same count, or the same words,
/// from the command line (`-x`), the library (`DownloadRequest`) and the daemon (`split`,
/// `max-connection-per-server`), and nobody given a count gets the one default. docs/architecture.md, "Who owns the
/// connection count".
final class ConnectionCountFrontEndTests: XCTestCase {
    private let refusedForty = "must be auto or a count between 1 and 32, not 40"

    func testTheSameCountFromEveryFrontEnd() throws {
        for (typed, count) in [("12", ConnectionCount.fixed(12)), ("auto", .default), ("32", .fixed(32)), ("1", .fixed(1))] {
            XCTAssertEqual(try DownloadCommand.parse(["-x", typed, "http://h/f"]).options.transfer.connections, count, "haul -x \(typed)")
            XCTAssertEqual(try AddCommand.parse(["-x", typed, "http://h/f"]).connections, count, "haul add -x \(typed)")
            XCTAssertEqual(try Aria2Options.parseAdd(["split": .string(typed)]).connectionCount, count, "split=\(typed)")
            XCTAssertEqual(try Aria2Options.parseAdd(["max-connection-per-server": .string(typed)]).connectionCount, count)
            let globals = Aria2GlobalOptions(maxConcurrent: 5, maxOverallLimit: 0, maxDownloadLimit: 0, connections: 3, directory: "/d")
            XCTAssertEqual(try globals.changed(by: ["split": .string(typed)]).connectionCount, count, "changeGlobalOption split=\(typed)")
        }
        let library = DownloadRequest(url: URL(string: "http://h/f")!, destination: URL(fileURLWithPath: "/tmp/f"), connections: 12)
        XCTAssertEqual(library.connectionCount, .fixed(12))
    }

    /// Nobody gave a count: automatic, up to 16, in the library, `haul` (get, add, daemon) and the daemon's own
    /// configuration (it was a fixed 8 in the library and in `DaemonConfiguration`).
    func testOneDefaultEverywhere() throws {
        XCTAssertEqual(ConnectionCount.default, .automatic(ceiling: ConnectionCount.automaticCeiling))
        let request = DownloadRequest(url: URL(string: "http://h/f")!, destination: URL(fileURLWithPath: "/tmp/f"))
        XCTAssertEqual(request.connectionCount, .default)
        XCTAssertNil(try DownloadCommand.parse(["http://h/f"]).options.transfer.connections)
        XCTAssertEqual(TransferOptions.defaultConnections, .default)
        XCTAssertEqual(try AddCommand.parse(["http://h/f"]).connections, .default)
        XCTAssertEqual(DaemonConfiguration(stateDirectory: "/s", downloadDirectory: "/d").connectionCount, .default)
        XCTAssertNil(try Aria2Options.parseAdd([:]).connectionCount, "the daemon's own default then applies")
        // An HLS stream's segments at once (was a fixed 8 of its own, apart from the owner).
        XCTAssertEqual(HLSDownload.Options().segmentsAtOnce, ConnectionCount.default.most)
        XCTAssertEqual(try DownloadCommand.parse(["http://h/s.m3u8"]).options.segmentsAtOnce, ConnectionCount.default.most)
        XCTAssertEqual(try DownloadCommand.parse(["-x", "auto", "http://h/s.m3u8"]).options.segmentsAtOnce, ConnectionCount.default.most)
        XCTAssertEqual(try DownloadCommand.parse(["-x", "3", "http://h/s.m3u8"]).options.segmentsAtOnce, 3)
    }

    /// A count out of range is refused everywhere, in one sentence naming the option it was typed into.
    func testTheSameWordsForACountOutOfRange() async throws {
        XCTAssertThrowsError(try DownloadCommand.parse(["-x", "40", "http://h/f"])) {
            XCTAssertEqual(DownloadCommand.message(for: $0), "--connections " + refusedForty)
        }
        XCTAssertThrowsError(try AddCommand.parse(["-x", "40", "http://h/f"])) {
            XCTAssertEqual(AddCommand.message(for: $0), "--connections " + refusedForty)
        }
        XCTAssertThrowsError(try DaemonCommand.parse(["-x", "40"])) {
            XCTAssertEqual(DaemonCommand.message(for: $0), "--connections " + refusedForty)
        }
        for name in ["split", "max-connection-per-server"] {
            XCTAssertThrowsError(try Aria2Options.parseAdd([name: "40"])) {
                XCTAssertEqual(($0 as? Aria2OptionError)?.message, "\(name) " + refusedForty)
            }
        }
        let globals = Aria2GlobalOptions(maxConcurrent: 5, maxOverallLimit: 0, maxDownloadLimit: 0, connections: 3, directory: "/d")
        XCTAssertThrowsError(try globals.changed(by: ["split": "40"])) {
            XCTAssertEqual(($0 as? Aria2OptionError)?.message, "split " + refusedForty)
        }

        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        var settings = HaulConfiguration()
        settings.stateDirectory = directory.file("state")
        let client = try HaulClient(configuration: settings)
        do {
            _ = try await client.prepare(DownloadRequest(url: URL(string: "http://127.0.0.1:9/f")!, destination: directory.file("f"), connections: 40))
            XCTFail("40 connections were taken")
        } catch let error as HaulError {
            XCTAssertEqual(error.kind, .usage)
            XCTAssertEqual(error.message, "connections " + refusedForty)
        }
        try await client.shutdown()
    }

    /// Over RPC: an add without `split` gets the daemon's default (shown as `auto`, its ceiling as `split`), one with
    /// `split=40` the same refusal as `haul -x 40`, and `split=auto` sets the default back.
    func testTheDaemonAddsWithTheOwnersCountAndWords() async throws {
        let fixture = try await DaemonFixture.start()
        let url = fixture.serve("/count.bin", deterministicBytes(count: 100))
        let globals = try fixture.call("aria2.getGlobalOption")
        XCTAssertEqual(globals["haul-connections"], "auto")
        XCTAssertEqual(globals["split"], .string(String(ConnectionCount.automaticCeiling)))
        XCTAssertEqual(globals["haul-connections-range"], "1-32")
        let plain = try fixture.call("aria2.addUri", [[.string(url)], ["pause": "true", "out": "a.bin"]])
        XCTAssertEqual(try fixture.call("aria2.getOption", [plain])["split"], .string(String(ConnectionCount.automaticCeiling)))
        let twelve = try fixture.call("aria2.addUri", [[.string(url)], ["pause": "true", "out": "b.bin", "split": "12"]])
        XCTAssertEqual(try fixture.call("aria2.getOption", [twelve])["split"], "12")
        XCTAssertTrue(try fixture.error("aria2.addUri", [[.string(url)], ["split": "40"]]).contains("split " + refusedForty))
        _ = try fixture.call("aria2.changeGlobalOption", [["split": "6"]])
        XCTAssertEqual(try fixture.call("aria2.getGlobalOption")["haul-connections"], "6")
        _ = try fixture.call("aria2.changeGlobalOption", [["split": "auto"]])
        XCTAssertEqual(try fixture.call("aria2.getGlobalOption")["haul-connections"], "auto")
        await fixture.stop()
    }

    /// `--help` and the web page say the owner's numbers: a number written into them by hand that disagrees with
    /// `ConnectionCount` fails here.
    func testHelpAndThePageSayTheOwnersNumbers() throws {
        let range = "\(ConnectionCount.range.lowerBound)-\(ConnectionCount.range.upperBound)"
        let getHelp = DownloadCommand.helpMessage(columns: 10_000)
        XCTAssertTrue(getHelp.contains("""
            auto (the default: start with \(ConnectionCount.automaticStart), add while the speed grows, up to the host's \
            budget of \(ConnectionCount.automaticCeiling)) or \(range).
            """), getHelp)
        XCTAssertEqual(DaemonCommand.helpMessage(columns: 10_000).contains(ConnectionCount.help), true)
        let addHelp = AddCommand.helpMessage(columns: 10_000)
        XCTAssertTrue(addHelp.contains(ConnectionCount.help), addHelp)

        let page = String(decoding: try XCTUnwrap(WebAssets.asset(for: "/index.html")).body, as: UTF8.self)
        let inputs = page.components(separatedBy: "<input").dropFirst().map { String($0.prefix { $0 != ">" }) }
            .filter { $0.contains(#"name="split""#) }
        XCTAssertEqual(inputs.count, 2, "the Add dialog's and the Settings' connections")
        for input in inputs {
            XCTAssertTrue(input.contains(#"min="\#(ConnectionCount.range.lowerBound)""#), input)
            XCTAssertTrue(input.contains(#"max="\#(ConnectionCount.range.upperBound)""#), input)
        }
    }
}
