import Foundation

/// A small real HLS stream (MPEG-TS, one-second segments of a test pattern with a tone) made by Debian's `ffmpeg`,
/// for the library's and the daemon's tests of a playlist in the queue (the command line's tests have their own,
/// larger `HLSStreamFixture`).
public struct TestHLSStream: Sendable {
    /// Where ffmpeg wrote the playlist and its segments.
    public let directory: URL
    /// The segment files in the order the playlist names them.
    public let segmentNames: [String]

    /// The path the playlist is served at (`serve(on:)`).
    public static let playlistPath = "/hls/index.m3u8"

    /// Makes a stream of `seconds` one-second segments in `directory` (`NAME.m3u8`, `NAME-0.ts`...); `nil` when
    /// ffmpeg is not installed.
    public static func make(in directory: URL, name: String = "index", seconds: Int = 6) throws -> TestHLSStream? {
        guard let ffmpeg = ["/usr/bin/ffmpeg", "/usr/local/bin/ffmpeg"].first(where: FileManager.default.isExecutableFile) else {
            return nil
        }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: ffmpeg)
        process.arguments = [
            "-nostdin", "-loglevel", "error", "-y",
            "-f", "lavfi", "-i", "testsrc=duration=\(seconds):size=160x120:rate=10",
            "-f", "lavfi", "-i", "sine=duration=\(seconds)",
            "-c:v", "libx264", "-preset", "ultrafast", "-g", "10", "-c:a", "aac",
            "-f", "hls", "-hls_time", "1", "-hls_playlist_type", "vod",
            "-hls_segment_filename", directory.appendingPathComponent("\(name)-%d.ts").path,
            directory.appendingPathComponent("\(name).m3u8").path,
        ]
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw TestHLSStreamError(message: "ffmpeg could not make the stream (exit \(process.terminationStatus))")
        }
        let text = try String(contentsOf: directory.appendingPathComponent("\(name).m3u8"), encoding: .utf8)
        let names = text.split(separator: "\n").filter { !$0.hasPrefix("#") && !$0.isEmpty }.map(String.init)
        return TestHLSStream(directory: directory, segmentNames: names)
    }

    /// Serves the playlist and every segment under `/hls/`; the segments at `segmentBytesPerSecond` each while
    /// `throttle` is on (`nil`: full speed).
    public func serve(on server: some RouteServing, segmentBytesPerSecond: Int? = nil, while throttle: Switch = Switch(on: true)) throws {
        for name in try FileManager.default.contentsOfDirectory(atPath: directory.path) {
            let bytes = [UInt8](try Data(contentsOf: directory.appendingPathComponent(name)))
            let isPlaylist = name.hasSuffix(".m3u8")
            let file = FileResource(content: bytes, contentType: isPlaylist ? "application/vnd.apple.mpegurl" : "video/mp2t")
            if let rate = segmentBytesPerSecond, !isPlaylist {
                server.serve("/hls/\(name)", file, bytesPerSecond: rate, while: throttle)
            } else {
                server.serve("/hls/\(name)", file)
            }
        }
    }

    /// The stream as it must be saved: every segment's bytes, in order.
    public func expectedBytes() throws -> [UInt8] {
        try segmentNames.reduce(into: [UInt8]()) { bytes, name in
            bytes += [UInt8](try Data(contentsOf: directory.appendingPathComponent(name)))
        }
    }
}

/// A master playlist (`/hls/master.m3u8` once served) of two variants made by ffmpeg: `low` (3 s, 160x120,
/// 300 kbit/s, `low-N.ts`) and `high` (4 s, 320x240, 900 kbit/s, `high-N.ts`; the best), each with its audio
/// inside. Their lengths differ, so the saved file tells which variant was taken.
public struct TestHLSMaster: Sendable {
    public let low: TestHLSStream
    public let high: TestHLSStream

    /// The path the master is served at (`low.serve(on:)` serves the whole directory).
    public static let playlistPath = "/hls/master.m3u8"

    /// Makes both variants and the master in `directory`; `nil` when ffmpeg is not installed.
    public static func make(in directory: URL) throws -> TestHLSMaster? {
        guard let low = try TestHLSStream.make(in: directory, name: "low", seconds: 3),
            let high = try TestHLSStream.make(in: directory, name: "high", seconds: 4)
        else { return nil }
        let master = """
            #EXTM3U
            #EXT-X-STREAM-INF:BANDWIDTH=300000,RESOLUTION=160x120
            low.m3u8
            #EXT-X-STREAM-INF:BANDWIDTH=900000,RESOLUTION=320x240
            high.m3u8

            """
        try Data(master.utf8).write(to: directory.appendingPathComponent("master.m3u8"))
        return TestHLSMaster(low: low, high: high)
    }
}

/// The stream could not be made.
public struct TestHLSStreamError: Error, CustomStringConvertible {
    public let message: String
    public var description: String { message }
}
