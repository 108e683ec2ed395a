import Foundation
import XCTest

/// Arrows one way between the folders of a target (issue #52, point 5; docs/architecture.md, "Layers inside a
/// target"): each target's folders are in an order, lowest first, and a file may name the types of its own folder
/// and of lower ones, never a type declared only in a higher folder. Read from the sources as text, as
/// `PublicTrapScanTests` reads them: a type is "declared" in a folder when a `struct`, `class`, `enum`, `actor`,
/// `protocol` or `typealias` of that name is there; a file "names" it when the word appears outside comments and
/// string literals (an `extension HaulClient` in Storage/ names `HaulClient`), and not right after a `.` (a nested
/// type, `HLSLiveRecording.End`, is named through its outer type, whose name is what the scan checks).
///
/// `knownBackEdges` lists the arrows that still point up, as "Folder → Type": cycles not yet taken apart. A new
/// one fails the test, and so does a listed one that is gone (take it off the list, so the list only shrinks).
final class LayeringTests: XCTestCase {
    private static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Each target's folders, lowest first; "(root)" is the files directly in the target's directory.
    static let layers: [String: [String]] = [
        // HLS/ fetches through the client only by `HLSFetching`, below the engine that runs a stream (`StreamTransfer`).
        "HaulKit": ["(root)", "Support", "Transport", "Storage", "HLS", "Engine", "Queue", "Hooks"],
        // Agents/ (MCP over the service) is beside RPC/ (aria2's JSON-RPC), below Server/, whose router routes to both.
        "HaulDaemon": ["JSON", "Aria2", "Security", "Service", "RPC", "Agents", "Server", "Daemon", "Web"],
        // Main/ is the entry point (`HaulCommand.main`), which routes to the help, the quick reading and the commands.
        "haul": ["Views", "Session", "Options", "Commands", "Help", "Main"],
        "HaulArchive": ["(root)", "Support", "Format", "Extraction", "Checksum", "Creation"],
        // HaulCore's folders are domains more than layers: an order with the fewest arrows pointing up (found by
        // search over the folders' references), so that a new cycle between two of them fails here.
        "HaulCore": [
            "Cookies", "Lifecycle", "Units", "Pieces", "Naming", "HTTP", "Progress", "Proxy", "Checksums", "Space",
            "Connections", "Retry", "Pool", "Durability", "Resume", "Segments", "Hosts", "Hooks", "Schedule", "Transfer",
            "Metalink", "HLS", "Queue",
        ],
    ]

    /// The arrows that point up today, each a cycle to take apart (issue #52, point 5): none left.
    static let knownBackEdges: [String: Set<String>] = [:]

    func testEveryTargetsFoldersPointOneWay() throws {
        for (target, order) in Self.layers.sorted(by: { $0.key < $1.key }) {
            let directory = Self.root.appendingPathComponent("Sources/\(target)")
            let files = try Self.sourceFiles(in: directory)
            XCTAssertGreaterThan(files.count, 10, "\(target)'s sources were read")
            let folders = Set(files.map(\.folder))
            XCTAssertEqual(folders.subtracting(order), [], "\(target): folders without a place in the order")
            let found = Self.backEdges(files, order: order)
            let known = Self.knownBackEdges[target] ?? []
            let new = found.filter { !known.contains($0.key) }
            XCTAssertEqual(new.keys.sorted(), [], "\(target): arrows pointing up: \(new.sorted { $0.key < $1.key })")
            XCTAssertEqual(known.subtracting(found.keys).sorted(), [], "\(target): gone, take off knownBackEdges")
        }
    }

    /// The scan sees a file in a lower folder that names a higher folder's type (the cycle Storage/ had: an
    /// `extension HaulClient` beside the store's queries), and not comments, strings or the same folder's types.
    func testTheScanFindsANameFromAHigherFolder() {
        let files = [
            SourceFile(folder: "Engine", path: "Engine/HaulClient.swift", text: "public final class HaulClient { let store: DownloadStore }"),
            SourceFile(folder: "Storage", path: "Storage/DownloadStore.swift", text: "struct DownloadStore {}\nstruct Row {}"),
            SourceFile(
                folder: "Storage", path: "Storage/DownloadStore+Failure.swift",
                text: "// HaulClient reads it\nlet text = \"HaulClient\"\nextension Row {}\nextension HaulClient {\n    func f() {}\n}"
            ),
        ]
        let found = Self.backEdges(files, order: ["Storage", "Engine"])
        XCTAssertEqual(found, ["Storage → HaulClient": ["Storage/DownloadStore+Failure.swift"]])
        XCTAssertEqual(Self.backEdges(Array(files.prefix(2)), order: ["Storage", "Engine"]), [:])
        // A nested type is named through its outer type: `End` here is HLSLiveRecording's, not ConnectionReceiver's.
        XCTAssertEqual(Self.namedTypes(in: "init(_ end: HLSLiveRecording.End) {}"), ["HLSLiveRecording"])
    }

    struct SourceFile {
        var folder: String
        var path: String
        var text: String
    }

    /// The target's Swift files with their folder (the first path component under `directory`, or "(root)").
    static func sourceFiles(in directory: URL) throws -> [SourceFile] {
        let urls = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" } ?? []
        return try urls.map { url in
            let relative = url.path.replacingOccurrences(of: directory.path + "/", with: "")
            let parts = relative.split(separator: "/")
            return SourceFile(folder: parts.count > 1 ? String(parts[0]) : "(root)", path: relative, text: try String(contentsOf: url, encoding: .utf8))
        }
    }

    /// "Folder → Type" for every type a file names that is declared only in folders above the file's, with the
    /// files that name it.
    static func backEdges(_ files: [SourceFile], order: [String]) -> [String: Set<String>] {
        var declaredIn: [String: Set<String>] = [:]
        for file in files {
            for name in declarations(in: file.text) { declaredIn[name, default: []].insert(file.folder) }
        }
        let rank = Dictionary(uniqueKeysWithValues: order.enumerated().map { ($1, $0) })
        var found: [String: Set<String>] = [:]
        for file in files {
            guard let own = rank[file.folder] else { continue }
            for name in namedTypes(in: file.text) {
                guard let folders = declaredIn[name], folders.allSatisfy({ (rank[$0] ?? -1) > own }) else { continue }
                found["\(file.folder) → \(name)", default: []].insert(file.path)
            }
        }
        return found
    }

    /// The names of the types declared in `text`.
    static func declarations(in text: String) -> Set<String> {
        let pattern = #"\b(?:struct|class|enum|actor|protocol|typealias)\s+([A-Z]\w*)"#
        let code = code(of: text)
        let regex = try! NSRegularExpression(pattern: pattern)
        let range = NSRange(code.startIndex..., in: code)
        return Set(regex.matches(in: code, range: range).compactMap { Range($0.range(at: 1), in: code).map { String(code[$0]) } })
    }

    /// The capitalised words of `text` outside comments and string literals, but for a nested type's after a `.`.
    static func namedTypes(in text: String) -> Set<String> {
        let code = code(of: text)
        let regex = try! NSRegularExpression(pattern: #"(?<!\.)\b[A-Z]\w*\b"#)
        let range = NSRange(code.startIndex..., in: code)
        return Set(regex.matches(in: code, range: range).compactMap { Range($0.range, in: code).map { String(code[$0]) } })
    }

    /// `text` without multi-line strings, string literals and comments.
    private static func code(of text: String) -> String {
        var code = text.replacingOccurrences(of: #"(?s)""".*?""""#, with: "\"\"", options: .regularExpression)
        code = code.replacingOccurrences(of: #"(?s)/\*.*?\*/"#, with: "", options: .regularExpression)
        code = code.replacingOccurrences(of: #""(?:[^"\\\n]|\\.)*""#, with: "\"\"", options: .regularExpression)
        return code.replacingOccurrences(of: #"//[^\n]*"#, with: "", options: .regularExpression)
    }
}
