import Crypto
import Foundation
import HaulTestSupport
import XCTest

/// docs/cli.md, "When a source fails" (`SourceFailureRule`), run by the built `haul`: every source kind (one URL,
/// `--mirror`, a Metalink, a URL with `--refresh-url-command`) times every early failure (refused, a name that does
/// not resolve, 404, 503, an untrusted certificate). With another source the download completes from it (the
/// refresh command is the other source of one URL: asked once, it gives the live URL); alone it fails with the
/// failure's exit code and sentence, and so does a URL whose refresh command gives nothing.
final class SourceFailureMatrixTests: XCTestCase {
    private let content = deterministicBytes(count: 200_000, seed: 601)

    private struct EarlyFailure {
        var name: String
        var url: String
        var exitCode: Int32
        var sentence: String
        /// With another source: dropped at once (said), or retried there (transient: the retry goes to the other).
        var dropped = true
    }

    private enum SourceKind: CaseIterable {
        case oneURL, mirrors, metalink, refreshCommand, refreshCommandGivingNothing
    }

    private func sha256(_ bytes: [UInt8]) -> String { SHA256.hash(data: bytes).map { String(format: "%02x", $0) }.joined() }

    func testEverySourceKindEndsEveryEarlyFailureAsTheRuleSays() async throws {
        try await withTestServer { server in
            try await withTemporaryDirectory { dir in
                let certificates = try TestCertificates.write(to: dir.url)
                guard let nginx = try NginxServer.serving(["f.bin": content], in: dir, tls: certificates) else {
                    throw XCTSkip("nginx is not installed")
                }
                defer { nginx.stop() }
                server.serve("/f.bin", FileResource(content: content))
                server.route("/busy.bin") { _ in TestResponse.text(503, "busy") }
                let live = server.url("/f.bin")
                let failures = [
                    EarlyFailure(name: "refused", url: "http://127.0.0.1:1/f.bin", exitCode: 3, sentence: "connection refused"),
                    EarlyFailure(name: "unresolvable", url: "http://haul-source-failure.invalid/f.bin", exitCode: 3, sentence: "does not resolve"),
                    EarlyFailure(name: "404", url: server.url("/missing.bin"), exitCode: 4, sentence: "404"),
                    EarlyFailure(name: "503", url: server.url("/busy.bin"), exitCode: 4, sentence: "503", dropped: false),
                    EarlyFailure(name: "tls", url: nginx.url("/f.bin"), exitCode: 11, sentence: "not signed by an authority"),
                ]
                // Retries capped so that the 503 rows wait no backoff worth the name.
                let common = ["--retries", "1", "--retry-wait", "0.05", "--state-dir", dir.file("s").path]
                let script = dir.file("refresh.sh")
                try Data("#!/bin/sh\necho called >> \"$(dirname \"$0\")/refreshed.txt\"\nprintf '%s' '\(live)'\n".utf8).write(to: script)
                try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
                let nothing = dir.file("nothing.sh")
                try Data("#!/bin/sh\necho \"$HAUL_STATUS\" >> \"$(dirname \"$0\")/asked.txt\"\n".utf8).write(to: nothing)
                try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: nothing.path)
                for failure in failures {
                    for kind in SourceKind.allCases {
                        let label = "\(kind) × \(failure.name)"
                        let out = "\(kind)-\(failure.name).bin"
                        var arguments = common
                        switch kind {
                        case .oneURL:
                            arguments += ["-o", out, failure.url]
                        case .mirrors:
                            arguments += ["--mirror", live, "-o", out, failure.url]
                        case .refreshCommand:
                            arguments += ["--refresh-url-command", script.path, "-o", out, failure.url]
                        case .refreshCommandGivingNothing:
                            arguments += ["--refresh-url-command", nothing.path, "-o", out, failure.url]
                        case .metalink:
                            let document = """
                                <?xml version="1.0" encoding="UTF-8"?>
                                <metalink xmlns="urn:ietf:params:xml:ns:metalink">
                                  <file name="\(out)">
                                    <size>\(content.count)</size>
                                    <hash type="sha-256">\(sha256(content))</hash>
                                    <url priority="1">\(failure.url)</url>
                                    <url priority="2">\(live)</url>
                                  </file>
                                </metalink>
                                """
                            let path = dir.file("\(out).meta4")
                            try Data(document.utf8).write(to: path)
                            arguments += ["-d", dir.url.path, "--metalink", path.path]
                        }
                        let result = try HaulProcess.run(arguments, in: dir.url)
                        switch kind {
                        case .mirrors, .metalink:
                            XCTAssertEqual(result.status, 0, "\(label): the other source carries the download: \(result.stderr)")
                            XCTAssertTrue(contents(dir.file(out)) == content, label)
                            XCTAssertEqual(
                                result.stderr.contains("dropping mirror \(failure.url)"), failure.dropped, "\(label): \(result.stderr)")
                        case .refreshCommand:
                            XCTAssertEqual(result.status, 0, "\(label): the fresh link carries the download: \(result.stderr)")
                            XCTAssertTrue(contents(dir.file(out)) == content, label)
                            XCTAssertTrue(result.stderr.contains("continuing from a fresh link"), "\(label): \(result.stderr)")
                        case .oneURL, .refreshCommandGivingNothing:
                            XCTAssertEqual(result.status, failure.exitCode, "\(label): \(result.stderr)")
                            XCTAssertTrue(result.stderr.contains(failure.sentence), "\(label): \(result.stderr)")
                            XCTAssertFalse(FileManager.default.fileExists(atPath: dir.file(out).path), label)
                        }
                    }
                }
                let asked = { (name: String) in
                    (try? String(contentsOf: dir.file(name), encoding: .utf8))?.split(separator: "\n").map(String.init) ?? []
                }
                XCTAssertEqual(asked("refreshed.txt").count, failures.count, "asked once per failing URL")
                // HAUL_STATUS: the HTTP status, 0 when the source gave no HTTP answer.
                XCTAssertEqual(asked("asked.txt"), ["0", "0", "404", "503", "0"])
            }
        }
    }
}
