import Foundation
import XCTest

@testable import HaulDaemon

/// `tellStatus`'s dictionary as it goes on the wire (`Aria2Results.status`): aria2's keys for every status, the
/// stored keys (`Aria2Results.keysFromStore`) added when they have a value, and the `keys` filter over both. Made
/// in one dictionary since issue 62 point 4 (a copy of it per download was measurable under a page's polling), so
/// the bytes are pinned here.
final class Aria2ResultsStatusTests: XCTestCase {
    private func detail(_ status: Aria2Status, stored: Bool = true) -> Aria2StatusDetail {
        let download = Aria2Download(
            id: 0x2a, status: status, url: "http://example.org/a \"b\".iso", path: "/data/a.iso", totalBytes: 3_000_000,
            bytesDone: 1_000_000, speed: 12_345.6, connections: 4, errorCode: status == .error ? 3 : nil,
            errorMessage: status == .error ? "not found" : nil, checksum: "sha256=" + String(repeating: "a", count: 64),
            bytesReceived: 1_200_000, bytesKept: 1_000_000, segmentsDone: 2, segmentsTotal: 6
        )
        var detail = Aria2StatusDetail(download: download)
        if stored {
            detail.bitfield = "f0"
            detail.finalURL = "http://mirror.example.org/a.iso"
            detail.etag = "\"e1\""
            detail.lastModified = "Tue, 01 Dec 2026 00:00:00 GMT"
        }
        return detail
    }

    private func text(_ value: JSONValue) -> String { String(decoding: value.data, as: UTF8.self) }

    func testARunningDownloadsStatusIsWrittenAsBefore() {
        XCTAssertEqual(
            text(Aria2Results.status(detail(.active), keys: nil)),
            #"{"bitfield":"f0","completedLength":"1000000","connections":"4","dir":"/data","downloadSpeed":"12345","#
                + #""files":[{"completedLength":"1000000","index":"1","length":"3000000","path":"/data/a.iso","#
                + #""selected":"true","uris":[{"status":"used","uri":"http://example.org/a \"b\".iso"}]}],"#
                + #""gid":"000000000000002a","haulBytesKept":"1000000","haulBytesReceived":"1200000","#
                + #""haulChecksum":"sha256=aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa","#
                + #""haulChecksumVerdict":"pending","haulETag":"\"e1\"","haulFinalURL":"http://mirror.example.org/a.iso","#
                + #""haulLastModified":"Tue, 01 Dec 2026 00:00:00 GMT","haulSegments":"6","haulSegmentsDone":"2","#
                + #""numPieces":"3","pieceLength":"1048576","status":"active","totalLength":"3000000","#
                + #""uploadLength":"0","uploadSpeed":"0"}"#
        )
    }

    func testEveryStatusHasAria2sKeysHaulsAndTheStoredOnesAllStrings() throws {
        let aria2 = [
            "gid", "status", "totalLength", "completedLength", "uploadLength", "downloadSpeed", "uploadSpeed",
            "connections", "pieceLength", "numPieces", "dir", "files",
        ]
        let haul = ["haulChecksum", "haulChecksumVerdict", "haulBytesReceived", "haulBytesKept", "haulSegmentsDone", "haulSegments"]
        let stopped = ["errorCode", "errorMessage"]
        for status in [Aria2Status.active, .waiting, .paused, .error, .complete, .removed] {
            let fields = try XCTUnwrap(Aria2Results.status(detail(status), keys: nil).objectValue, "\(status)")
            let expected = aria2 + haul + Aria2Results.keysFromStore + (status.list == .stopped ? stopped : [])
            XCTAssertEqual(Set(fields.keys), Set(expected), "\(status)")
            for (key, value) in fields where key != "files" {
                XCTAssertNotNil(value.stringValue, "\(status) \(key) is a string, as aria2's")
            }
            XCTAssertEqual(fields["status"], .string(status.rawValue))
            XCTAssertEqual(fields["haulETag"], "\"e1\"")
            XCTAssertEqual(fields["bitfield"], "f0")
            XCTAssertEqual(fields["files"]?.arrayValue?.count, 1)
            let unread = try XCTUnwrap(Aria2Results.status(detail(status, stored: false), keys: nil).objectValue)
            XCTAssertEqual(Set(unread.keys), Set(expected).subtracting(Aria2Results.keysFromStore), "\(status): none unread")
        }
        let error = try XCTUnwrap(Aria2Results.status(detail(.error), keys: nil).objectValue)
        XCTAssertEqual(error["errorCode"], "3")
        XCTAssertEqual(error["errorMessage"], "not found")
    }

    func testKeysFilterAria2sAndTheStoredKeysAlike() {
        let keys = ["gid", "haulETag", "bitfield", "nonsense"]
        XCTAssertEqual(
            Aria2Results.status(detail(.paused), keys: keys),
            ["gid": "000000000000002a", "haulETag": "\"e1\"", "bitfield": "f0"]
        )
        XCTAssertEqual(Aria2Results.status(detail(.paused), keys: []), Aria2Results.status(detail(.paused), keys: nil), "empty keys mean all")
    }

    /// The dictionary built as a tree and written with sorted keys: what the answers were before they were written
    /// straight into bytes (`Aria2StatusWriter`), kept here as the reference.
    private func tree(_ detail: Aria2StatusDetail, keys: [String]?) -> JSONValue {
        guard case .object(var fields) = Aria2StatusDictionary.status(detail.download, keys: keys) else { return .null }
        let stored = [("bitfield", detail.bitfield), ("haulFinalURL", detail.finalURL), ("haulETag", detail.etag),
                      ("haulLastModified", detail.lastModified)]
        for case let (key, value?) in stored where keys?.isEmpty != false || keys!.contains(key) {
            fields[key] = .string(value)
        }
        return .object(fields)
    }

    func testEveryStatusAndKeysFilterIsWrittenAsTheTreeWritesIt() {
        var details: [Aria2StatusDetail] = []
        for status in Aria2Status.allCases {
            details += [detail(status), detail(status, stored: false)]
            // Without Haul's optional members, no length, a speed and connections that only `active` shows.
            var bare = detail(status, stored: false)
            bare.download = Aria2Download(id: -7, status: status, url: "http://e/x", path: "x", totalBytes: nil,
                                          bytesDone: 5, speed: 9.9, connections: 2)
            details.append(bare)
        }
        let filters: [[String]?] = [
            nil, [], ["gid", "status"], ["files"], ["bitfield", "haulETag", "nonsense", "gid", "gid"],
            ["errorCode", "errorMessage", "totalLength"], ["uploadSpeed"], ["nonsense"],
            Array(Aria2StatusWriter.Key.allCases.map(\.rawValue).reversed()),
        ]
        for keys in filters {
            for detail in details {
                XCTAssertEqual(text(Aria2Results.status(detail, keys: keys)), text(tree(detail, keys: keys)),
                               "\(detail.download.status) stored: \(detail.bitfield != nil) keys: \(keys ?? [])")
            }
            XCTAssertEqual(text(Aria2Results.statuses(details, keys: keys)), text(.array(details.map { tree($0, keys: keys) })))
        }
        XCTAssertEqual(text(Aria2Results.statuses([], keys: nil)), "[]")
    }

    /// The GID's digits and the directory are written without a `String` of their own: the same bytes as
    /// `GID.description` and `Aria2Download.directory` at their edges.
    func testGIDsAndDirectoriesAreWrittenAsTheirStrings() {
        let paths = ["/a.iso", "a.iso", "/d/e/a.iso", "/d/\"q\"\\/a", "下载/é/a", "d/"]
        for (index, id) in [Int64(0), 1, 0x2a, 0xabcdef, Int64.max, Int64.min, -1].enumerated() {
            var one = detail(.waiting, stored: false)
            one.download.id = id
            one.download.path = paths[index % paths.count]
            for keys in [nil, ["gid", "dir"]] as [[String]?] {
                XCTAssertEqual(text(Aria2Results.status(one, keys: keys)), text(tree(one, keys: keys)), "\(id) \(one.download.path)")
            }
        }
        var root = detail(.waiting, stored: false)
        root.download.id = -1
        XCTAssertEqual(text(Aria2Results.status(root, keys: ["gid", "dir"])), #"{"dir":"/data","gid":"ffffffffffffffff"}"#)
    }

    func testStringsThatNeedEscapesAreWrittenEscaped() {
        var escaped = detail(.complete, stored: false)
        escaped.download.path = "/data/\"q\" \\ tab\tline\ncr\r\u{01}\u{1f} é 下载 🎉.iso"
        escaped.download.url = "http://example.org/\u{7f}\"\\é"
        escaped.etag = "W/\"x\\y\""
        let keys = ["files", "dir", "haulETag"]
        XCTAssertEqual(
            text(Aria2Results.status(escaped, keys: keys)),
            #"{"dir":"/data","files":[{"completedLength":"3000000","index":"1","length":"3000000","#
                + #""path":"/data/\"q\" \\ tab\tline\ncr\r\u0001\u001f é 下载 🎉.iso","selected":"true","#
                + #""uris":[{"status":"used","uri":"http://example.org/"# + "\u{7f}" + #"\"\\é"}]}],"haulETag":"W/\"x\\y\""}"#
        )
        XCTAssertEqual(text(Aria2Results.status(escaped, keys: nil)), text(tree(escaped, keys: nil)))
        XCTAssertEqual(Aria2Results.status(escaped, keys: nil), tree(escaped, keys: nil), "reads back as the tree")
    }

    func testGlobalStatIsWrittenAsBefore() {
        let stat = Aria2GlobalStat(downloadSpeed: 123_456, active: 2, waiting: 30_000, stopped: 7, stoppedTotal: 9)
        let expected = #"{"downloadSpeed":"123456","numActive":"2","numStopped":"7","numStoppedTotal":"9","#
            + #""numWaiting":"30000","uploadSpeed":"0"}"#
        XCTAssertEqual(text(Aria2Results.globalStat(stat)), expected)
        let asTree: JSONValue = [
            "downloadSpeed": "123456", "uploadSpeed": "0", "numActive": "2", "numWaiting": "30000", "numStopped": "7",
            "numStoppedTotal": "9",
        ]
        XCTAssertEqual(text(asTree), expected)
        XCTAssertEqual(Aria2Results.globalStat(stat), asTree)
    }
}
