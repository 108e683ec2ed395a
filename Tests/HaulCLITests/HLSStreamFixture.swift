import Foundation
import HaulCore
import HaulTestSupport
import XCTest

/// Real HLS streams made by Debian's `ffmpeg` into a temporary directory, served by the test's own server under
/// `/hls/`: a few seconds of a test pattern with a tone, low resolution (10 frames a second), one-second segments;
/// or, with `segmentSeconds: 0.1` (every frame a keyframe), the issue's 200-segment stream in 20 seconds of it,
/// which ffmpeg makes in about a second.
struct HLSStreamFixture {
    enum Kind {
        case mpegTS
        /// AES-128 with the key at `key.bin` beside the playlist (IV written by ffmpeg).
        case aes128
        case fmp4
    }

    let directory: URL
    let playlistName: String
    /// The segment (and init section) files in the order the playlist names them.
    let pieceNames: [String]
    let key: [UInt8]?
    let seconds: Int

    /// The 200-segment stream of issue 53's tests: 20 s in segments of 0.1 s.
    static let twoHundredSegments = (seconds: 20, segmentSeconds: 0.1)

    /// Makes the stream; skips the test (fails on CI) when ffmpeg is not installed.
    static func make(_ kind: Kind, in directory: URL, name: String = "index", seconds: Int = 6, segmentSeconds: Double = 1) throws -> HLSStreamFixture {
        // A keyframe at least every segment, so each segment is cut where asked (10 frames a second).
        let keyframeEvery = max(1, Int((segmentSeconds * 10).rounded()))
        let ffmpeg = try requireInstalled(HLSTools.path("ffmpeg"), package: "ffmpeg")
        var arguments = [
            "-nostdin", "-loglevel", "error", "-y",
            "-f", "lavfi", "-i", "testsrc=duration=\(seconds):size=160x120:rate=10",
            "-f", "lavfi", "-i", "sine=duration=\(seconds)",
            "-c:v", "libx264", "-preset", "ultrafast", "-g", "\(keyframeEvery)", "-c:a", "aac",
            "-f", "hls", "-hls_time", "\(segmentSeconds)", "-hls_playlist_type", "vod",
        ]
        var key: [UInt8]?
        switch kind {
        case .mpegTS:
            arguments += ["-hls_segment_filename", directory.appendingPathComponent("\(name)-%d.ts").path]
        case .aes128:
            let bytes = deterministicBytes(count: 16, seed: 53)
            key = bytes
            try Data(bytes).write(to: directory.appendingPathComponent("key.bin"))
            let info = "key.bin\n\(directory.appendingPathComponent("key.bin").path)\n"
            try Data(info.utf8).write(to: directory.appendingPathComponent("keyinfo.txt"))
            arguments += ["-hls_key_info_file", directory.appendingPathComponent("keyinfo.txt").path,
                          "-hls_segment_filename", directory.appendingPathComponent("\(name)-%d.ts").path]
        case .fmp4:
            arguments += ["-hls_segment_type", "fmp4", "-hls_fmp4_init_filename", "\(name)-init.mp4",
                          "-hls_segment_filename", directory.appendingPathComponent("\(name)-%d.m4s").path]
        }
        arguments.append(directory.appendingPathComponent("\(name).m3u8").path)
        let result = try HLSTools.run(ffmpeg, arguments)
        guard result.status == 0 else { throw XCTSkip("ffmpeg could not make the stream: \(result.stderr)") }
        let text = try String(contentsOf: directory.appendingPathComponent("\(name).m3u8"), encoding: .utf8)
        var pieces: [String] = []
        for line in text.split(separator: "\n") {
            if line.hasPrefix("#EXT-X-MAP:URI=\"") { pieces.append(String(line.dropFirst(16).prefix { $0 != "\"" })) }
            if !line.hasPrefix("#"), !line.isEmpty { pieces.append(String(line)) }
        }
        return HLSStreamFixture(directory: directory, playlistName: "\(name).m3u8", pieceNames: pieces, key: key, seconds: seconds)
    }

    /// Runs `body` with a stream of `kind` made into `DIR/source` and served under `/hls/` by a started test server,
    /// and a temporary directory `DIR` for the run's state and output; both go afterwards.
    static func served(
        _ kind: Kind, seconds: Int = 6, segmentSeconds: Double = 1, isolation: isolated (any Actor)? = #isolation,
        _ body: (HLSStreamFixture, TestServer, TemporaryDirectory) async throws -> Void
    ) async throws {
        try await withTestServer { server in
            try await withTemporaryDirectory { dir in
                let source = dir.file("source")
                try FileManager.default.createDirectory(at: source, withIntermediateDirectories: true)
                let stream = try HLSStreamFixture.make(kind, in: source, seconds: seconds, segmentSeconds: segmentSeconds)
                try stream.serve(on: server)
                try await body(stream, server, dir)
            }
        }
    }

    /// Serves every file of the stream under `/hls/`.
    func serve(on server: TestServer, playlistContentType: String? = "application/vnd.apple.mpegurl") throws {
        for name in try FileManager.default.contentsOfDirectory(atPath: directory.path) {
            let bytes = [UInt8](try Data(contentsOf: directory.appendingPathComponent(name)))
            server.serve("/hls/\(name)", FileResource(content: bytes, contentType: name.hasSuffix(".m3u8") ? playlistContentType : "application/octet-stream"))
        }
    }

    /// The stream's bytes as Haul must save them: every piece in order, decrypted with `openssl enc` when encrypted.
    func expectedBytes() throws -> [UInt8] {
        var bytes: [UInt8] = []
        let playlist = try Data(contentsOf: directory.appendingPathComponent(playlistName))
        let parsed = try HLSPlaylistParser.parse([UInt8](playlist), url: URL(string: "http://fixture/hls/\(playlistName)")!)
        guard case .media(let media) = parsed else { throw XCTSkip("not a media playlist") }
        var segments = media.segments.makeIterator()
        for name in pieceNames {
            let piece = [UInt8](try Data(contentsOf: directory.appendingPathComponent(name)))
            guard let key, !name.hasSuffix(".mp4") else {
                bytes += piece
                _ = name.hasSuffix(".mp4") ? nil : segments.next()
                continue
            }
            let segment = segments.next()!
            let iv = segment.key!.iv(forSequence: segment.sequence)
            let openssl = try requireInstalled(HLSTools.path("openssl"), package: "openssl")
            let result = try HLSTools.run(openssl, [
                "enc", "-d", "-aes-128-cbc", "-K", hex(key), "-iv", hex(iv), "-in", directory.appendingPathComponent(name).path,
                "-out", directory.appendingPathComponent(name + ".plain").path,
            ])
            XCTAssertEqual(result.status, 0, result.stderr)
            bytes += [UInt8](try Data(contentsOf: directory.appendingPathComponent(name + ".plain")))
            try FileManager.default.removeItem(at: directory.appendingPathComponent(name + ".plain"))
        }
        return bytes
    }

    private func hex(_ bytes: [UInt8]) -> String { bytes.map { String(format: "%02x", $0) }.joined() }
}

/// Running ffmpeg, ffprobe and openssl.
enum HLSTools {
    static func path(_ program: String) -> String? {
        for directory in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") + ["/usr/bin"] {
            let candidate = "\(directory)/\(program)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    static func run(_ executable: String, _ arguments: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: outData, as: UTF8.self), String(decoding: errData, as: UTF8.self))
    }

    /// The duration ffprobe reads from a file, in seconds (nil when it cannot read it).
    static func probedDuration(_ file: String) throws -> Double? {
        let ffprobe = try requireInstalled(path("ffprobe"), package: "ffmpeg")
        let result = try run(ffprobe, ["-v", "error", "-show_entries", "format=duration", "-of", "csv=p=0", file])
        guard result.status == 0 else { return nil }
        return Double(result.stdout.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// The codec types of the streams ffprobe finds (`video`, `audio`).
    static func probedStreams(_ file: String) throws -> [String] {
        let ffprobe = try requireInstalled(path("ffprobe"), package: "ffmpeg")
        let result = try run(ffprobe, ["-v", "error", "-show_entries", "stream=codec_type", "-of", "csv=p=0", file])
        return result.stdout.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }
}
