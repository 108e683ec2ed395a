import Foundation
import HaulTestSupport
import XCTest

/// `haul` end to end: files on disk, what it prints, and its documented exit codes.
final class CommandLineTests: XCTestCase {
    private let content = deterministicBytes(count: 1 << 20, seed: 5)

    func testUsageErrorsExitWithCodeTwo() throws {
        try withTemporaryDirectorySync { dir in
            for arguments in [[], ["ftp://example.com/x"], ["-o", "a", "http://h/1", "http://h/2"], ["--progress", "fancy", "http://h/x"], ["--connections", "0", "http://h/x"], ["--no-such-flag", "http://h/x"], ["-o", "-", "http://h/x"], ["-o-", "http://h/x"]] {
                let result = try HaulProcess.run(arguments, in: dir.url)
                XCTAssertEqual(result.status, 2, "\(arguments): \(result.stderr)")
                XCTAssertFalse(result.stderr.isEmpty, "a usage error explains itself")
            }
            XCTAssertFalse(FileManager.default.fileExists(atPath: dir.file("-").path), "-o - never leaves a file named '-'")
        }
    }

    func testHelpDocumentsExitCodes() throws {
        try withTemporaryDirectorySync { dir in
            let result = try HaulProcess.run(["get", "--help"], in: dir.url)
            XCTAssertEqual(result.status, 0)
            let top = try HaulProcess.run(["--help"], in: dir.url)
            let flattened = top.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            XCTAssertTrue(flattened.contains("130 interrupted"), top.stdout)
            let table = try HaulProcess.run(["help", "exit-codes"], in: dir.url)
            XCTAssertTrue(table.stdout.contains("130  interrupted"), table.stdout)
            XCTAssertTrue(result.stdout.contains("--stall-timeout"))
        }
    }

    func testDownloadsAndReportsProgressInPlainLinesWhenPiped() async throws {
        try await withTestServer { server in
            try await withTemporaryDirectory { dir in
                server.serve("/data/file.bin", FileResource(content: content))
                let result = try HaulProcess.run(["--state-dir", dir.file("state").path, server.url("/data/file.bin")], in: dir.url)
                XCTAssertEqual(result.status, 0, result.stderr)
                XCTAssertTrue(contents(dir.file("file.bin")) == content, "contents(dir.file('file.bin'))")
                XCTAssertTrue(result.stderr.contains("file.bin: completed"), result.stderr)
                XCTAssertFalse(result.stderr.contains("\u{1B}["), "no terminal escapes when piped")
                XCTAssertFalse(FileManager.default.fileExists(atPath: dir.file("file.bin.part").path))
            }
        }
    }

    /// Plain lines report movement: a server that takes 4 s to answer gets no "0 B, 0 B/s" lines in the log.
    func testPlainLinesStayQuietWhileNothingMoves() async throws {
        try await withTestServer { server in
            try await withTemporaryDirectory { dir in
                let file = FileResource(content: content)
                server.route("/late.bin") { request in
                    var response = file.response(for: request)
                    response.headDelay = .seconds(4)
                    return response
                }
                let result = try HaulProcess.run(["--state-dir", dir.file("s").path, "-x", "1", server.url("/late.bin")], in: dir.url)
                XCTAssertEqual(result.status, 0, result.stderr)
                XCTAssertTrue(result.stderr.contains("late.bin: downloading\n"), "said once the answer came: \(result.stderr)")
                XCTAssertTrue(result.stderr.contains("late.bin: completed"), result.stderr)
                XCTAssertFalse(result.stderr.contains(" 0 B, 0 B/s"), "a line while nothing moved: \(result.stderr)")
            }
        }
    }

    func testQuietPrintsNothing() async throws {
        try await withTestServer { server in
            try await withTemporaryDirectory { dir in
                server.serve("/f", FileResource(content: content))
                let result = try HaulProcess.run(["-q", "--state-dir", dir.file("s").path, "-o", "out.bin", server.url("/f")], in: dir.url)
                XCTAssertEqual(result.status, 0)
                XCTAssertEqual(result.stderr, "")
                XCTAssertEqual(result.stdout, "")
                XCTAssertTrue(contents(dir.file("out.bin")) == content, "contents(dir.file('out.bin'))")
            }
        }
    }

    /// aria2c and curl habits: `-x16`, `-j4`, `-ofile` (a value joined to its short option).
    func testShortOptionsTakeJoinedValues() async throws {
        try await withTestServer { server in
            try await withTemporaryDirectory { dir in
                server.serve("/f", FileResource(content: content))
                let result = try HaulProcess.run(["-q", "-x2", "-j1", "-oout.bin", "--state-dir", dir.file("s").path, server.url("/f")], in: dir.url)
                XCTAssertEqual(result.status, 0, result.stderr)
                XCTAssertTrue(contents(dir.file("out.bin")) == content, "contents(dir.file('out.bin'))")
                // The joined value is the option's value, checked like any other.
                let refused = try HaulProcess.run(["-x0", "--state-dir", dir.file("s").path, server.url("/f")], in: dir.url)
                XCTAssertEqual(refused.status, 2, refused.stderr)
                XCTAssertTrue(refused.stderr.contains("--connections must be auto or a count between 1 and 32"), refused.stderr)
            }
        }
    }

    func testExistingFileExitsSixWithOnConflictFailUnlessOverwrite() async throws {
        try await withTestServer { server in
            try await withTemporaryDirectory { dir in
                server.serve("/f", FileResource(content: content))
                try Data("precious".utf8).write(to: dir.file("f"))
                let refused = try HaulProcess.run(["--on-conflict", "fail", "--state-dir", dir.file("s").path, server.url("/f")], in: dir.url)
                XCTAssertEqual(refused.status, 6)
                XCTAssertTrue(refused.stderr.contains("already exists"), refused.stderr)
                XCTAssertTrue(contents(dir.file("f")) == Array("precious".utf8), "contents(dir.file('f'))")
                let replaced = try HaulProcess.run(["--overwrite", "--state-dir", dir.file("s").path, server.url("/f")], in: dir.url)
                XCTAssertEqual(replaced.status, 0, replaced.stderr)
                XCTAssertTrue(contents(dir.file("f")) == content, "contents(dir.file('f'))")
            }
        }
    }

    /// `--overwrite` replaces a file, never a device, a pipe or a directory (`-o /dev/stdout` as root renamed a
    /// file over the device's name).
    func testOverwriteReplacesOnlyRegularFiles() async throws {
        try await withTestServer { server in
            try await withTemporaryDirectory { dir in
                server.serve("/f", FileResource(content: content))
                XCTAssertEqual(mkfifo(dir.file("pipe").path, 0o600), 0)
                try FileManager.default.createSymbolicLink(atPath: dir.file("link").path, withDestinationPath: dir.file("pipe").path)
                try FileManager.default.createDirectory(atPath: dir.file("folder").path, withIntermediateDirectories: false)
                for name in ["pipe", "link"] {
                    let refused = try HaulProcess.run(
                        ["-q", "--overwrite", "-o", name, "--state-dir", dir.file("s").path, server.url("/f")], in: dir.url)
                    XCTAssertEqual(refused.status, 6, "\(name): \(refused.stderr)")
                    XCTAssertTrue(refused.stderr.contains("is not a regular file"), refused.stderr)
                }
                XCTAssertEqual(server.requests(for: "/f").count, 0, "refused before any request")
                // An existing directory given to -o means "into it" (issue 60, point 5): the directory stays one.
                let into = try HaulProcess.run(
                    ["-q", "--overwrite", "-o", "folder", "--state-dir", dir.file("s").path, server.url("/f")], in: dir.url)
                XCTAssertEqual(into.status, 0, into.stderr)
                XCTAssertEqual(FileManager.default.contents(atPath: dir.file("folder/f").path).map { [UInt8]($0) }, content)
                var info = stat()
                XCTAssertEqual(lstat(dir.file("pipe").path, &info), 0)
                XCTAssertEqual(info.st_mode & S_IFMT, S_IFIFO, "the pipe is still a pipe")
                XCTAssertEqual(lstat(dir.file("link").path, &info), 0)
                XCTAssertEqual(info.st_mode & S_IFMT, S_IFLNK, "the link is still a link")
            }
        }
    }

    /// `-o sub/deeper/f` makes the directories, as `-d` and an input file's `out=` do; one that cannot be made is a
    /// local I/O error (exit 7) that names it.
    func testOutputMakesItsDirectories() async throws {
        try await withTestServer { server in
            try await withTemporaryDirectory { dir in
                server.serve("/f", FileResource(content: content))
                let made = try HaulProcess.run(["-q", "-o", "sub/deeper/f", "--state-dir", dir.file("s").path, server.url("/f")], in: dir.url)
                XCTAssertEqual(made.status, 0, made.stderr)
                XCTAssertTrue(contents(dir.file("sub/deeper/f")) == content, "contents(sub/deeper/f)")
                try Data("a file".utf8).write(to: dir.file("plain"))
                let blocked = try HaulProcess.run(["-q", "-o", "plain/f", "--state-dir", dir.file("s").path, server.url("/f")], in: dir.url)
                XCTAssertEqual(blocked.status, 7, blocked.stderr)
                XCTAssertTrue(blocked.stderr.contains("cannot create directory \(dir.file("plain").path)"), blocked.stderr)
            }
        }
    }

    func testHTTPErrorExitsFourAndWritesNothing() async throws {
        try await withTestServer { server in
            try await withTemporaryDirectory { dir in
                server.route("/gone.bin") { _ in .text(404, "<h1>missing</h1>") }
                let result = try HaulProcess.run(["--state-dir", dir.file("s").path, server.url("/gone.bin")], in: dir.url)
                XCTAssertEqual(result.status, 4)
                XCTAssertTrue(result.stderr.contains("404"), result.stderr)
                XCTAssertFalse(FileManager.default.fileExists(atPath: dir.file("gone.bin").path))
                // Piped, the error comes alone: nothing said it was downloading a file the server refused.
                XCTAssertFalse(result.stderr.contains("downloading"), result.stderr)
            }
        }
    }

    func testNetworkFailureExitsThreeAndSaysWhatHappened() throws {
        try withTemporaryDirectorySync { dir in
            let result = try HaulProcess.run(["--retries", "0", "--state-dir", dir.file("s").path, "http://127.0.0.1:9/x.bin"], in: dir.url)
            XCTAssertEqual(result.status, 3, result.stderr)
            // Nothing listens on port 9 (discard): the message names the host, the port and the refusal, not NIO's
            // "connection reset (error set)".
            XCTAssertTrue(result.stderr.contains("127.0.0.1:9: connection refused"), result.stderr)
        }
    }

    func testJSONProgressIsOneObjectPerLine() async throws {
        try await withTestServer { server in
            try await withTemporaryDirectory { dir in
                server.serve("/f.bin", FileResource(content: content))
                let result = try HaulProcess.run(["--progress", "json", "--state-dir", dir.file("s").path, server.url("/f.bin")], in: dir.url)
                XCTAssertEqual(result.status, 0, result.stderr)
                let objects = try result.stdout.split(separator: "\n").map {
                    try XCTUnwrap(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
                }
                XCTAssertTrue(objects.contains { $0["type"] as? String == "state" && $0["state"] as? String == "completed" })
                let progress = objects.filter { $0["type"] as? String == "progress" }
                XCTAssertEqual(progress.last?["bytes"] as? Int, content.count)
                XCTAssertEqual(progress.last?["total"] as? Int, content.count)
            }
        }
    }

    func testStateDirectoryComesFromTheEnvironment() async throws {
        try await withTestServer { server in
            try await withTemporaryDirectory { dir in
                server.serve("/f", FileResource(content: content))
                let state = dir.file("env-state")
                let result = try HaulProcess.run([server.url("/f")], in: dir.url, environment: ["HAUL_STATE_DIR": state.path])
                XCTAssertEqual(result.status, 0, result.stderr)
                XCTAssertTrue(FileManager.default.fileExists(atPath: state.appendingPathComponent("haul.sqlite").path))
            }
        }
    }

    func testRemoteNameIsSanitised() async throws {
        try await withTestServer { server in
            try await withTemporaryDirectory { dir in
                server.serve("/dl", FileResource(content: content, contentDisposition: "attachment; filename=\"../../../tmp/owned.txt\""))
                let result = try HaulProcess.run(["-J", "-d", dir.file("out").path, "--state-dir", dir.file("s").path, server.url("/dl")], in: dir.url)
                XCTAssertEqual(result.status, 0, result.stderr)
                XCTAssertTrue(contents(dir.file("out/owned.txt")) == content, "contents(dir.file('out/owned.txt'))")
            }
        }
    }

    // A file-size limit (or a full disk) is a clear I/O error that keeps the partial file resumable.
    func testFileSizeLimitIsAnIOErrorAndResumable() async throws {
        try await withTestServer { server in
            try await withTemporaryDirectory { dir in
                let big = deterministicBytes(count: 3 << 20, seed: 4)
                let file = FileResource(content: big)
                server.route("/known.bin") { file.response(for: $0) }
                server.route("/chunked.bin") { request in
                    var response = file.response(for: request)
                    if request.header("Range") == nil { response.chunked = true }
                    return response
                }
                for name in ["known.bin", "chunked.bin"] {
                    let arguments = ["--state-dir", dir.file("s").path, server.url("/" + name)]
                    let limited = Process()
                    limited.executableURL = URL(fileURLWithPath: "/bin/bash")
                    // ulimit -f counts 1024-byte blocks: 1 MiB, a third of the file.
                    limited.arguments = ["-c", "ulimit -f 1024; exec \"$0\" \"$@\"", HaulProcess.binary.path] + arguments
                    limited.currentDirectoryURL = dir.url
                    let errors = Pipe()
                    limited.standardError = errors
                    try limited.run()
                    limited.waitUntilExit()
                    let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
                    XCTAssertEqual(limited.terminationStatus, 7, "\(name): \(message)")
                    XCTAssertTrue(message.contains("File too large"), message)
                    XCTAssertFalse(FileManager.default.fileExists(atPath: dir.file(name).path))
                    let resumed = try HaulProcess.run(arguments, in: dir.url)
                    XCTAssertEqual(resumed.status, 0, resumed.stderr)
                    XCTAssertTrue(contents(dir.file(name)) == big, "contents(dir.file(name))")
                }
                let chunkedRequests = server.requests(for: "/chunked.bin")
                XCTAssertNotNil(chunkedRequests.last?.header("Range"), "the chunked download resumed after the limit")
            }
        }
    }

    // Ctrl-C keeps the partial and the record; the same command resumes.
    func testInterruptThenResume() async throws {
        try await withTestServer { server in
            try await withTemporaryDirectory { dir in
                let file = FileResource(content: deterministicBytes(count: 4 << 20, seed: 9))
                server.serve("/slow.bin", file, bytesPerSecond: 1 << 20)
                let arguments = ["--state-dir", dir.file("s").path, server.url("/slow.bin")]
                let running = try HaulProcess(arguments, in: dir.url)
                let part = dir.file("slow.bin.part")
                let state = dir.file("s")
                XCTAssertTrue(
                    waitUntil { (durableBytes(stateDirectory: state, partPath: part.path) ?? 0) > 0 },
                    "bytes are checkpointed about once a second"
                )
                running.signal(SIGINT)
                let stopped = running.finish()
                XCTAssertEqual(stopped.status, 130, stopped.stderr)
                XCTAssertTrue(stopped.stderr.contains("resume"), stopped.stderr)
                let kept = try XCTUnwrap(durableBytes(stateDirectory: state, partPath: part.path))
                XCTAssertGreaterThan(kept, 0)
                XCTAssertTrue(FileManager.default.fileExists(atPath: part.path))
                XCTAssertFalse(FileManager.default.fileExists(atPath: dir.file("slow.bin").path))

                server.route("/slow.bin") { file.response(for: $0) }
                let askedBefore = server.requests(for: "/slow.bin").count
                let resumed = try HaulProcess.run(arguments, in: dir.url)
                XCTAssertEqual(resumed.status, 0, resumed.stderr)
                XCTAssertTrue(contents(dir.file("slow.bin")) == file.content, "contents(dir.file('slow.bin'))")
                // The resumed run's first request (later ones ask for the next parts: docs/segments.md).
                let first = try XCTUnwrap(server.requests(for: "/slow.bin").dropFirst(askedBefore).first)
                let range = try XCTUnwrap(first.header("Range"))
                XCTAssertTrue(range.hasPrefix("bytes=\(kept)-"), "resumes exactly at the kept bytes: \(range)")
            }
        }
    }
}

func contents(_ url: URL) -> [UInt8]? {
    FileManager.default.contents(atPath: url.path).map { [UInt8]($0) }
}

func withTemporaryDirectorySync(_ body: (TemporaryDirectory) throws -> Void) throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try body(directory)
}
