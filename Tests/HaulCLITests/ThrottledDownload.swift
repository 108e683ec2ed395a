import Foundation
import HaulTestSupport

/// `/f.bin` served at 512 KiB/s, with the state directory and the `.part` path a `haul` run in `dir` uses for it: the
/// scene of the tests where a download is under way in one terminal while another acts on it.
struct ThrottledDownload {
    let content: [UInt8]
    let url: String
    let state: URL
    let part: String
    /// `--state-dir STATE -x 1 URL`: the line that starts it.
    var line: [String] { ["--state-dir", state.path, "-x", "1", url] }

    init(_ server: TestServer, in dir: TemporaryDirectory, size: Int, seed: UInt64) {
        content = deterministicBytes(count: size, seed: seed)
        server.serve("/f.bin", FileResource(content: content), bytesPerSecond: 512 << 10)
        url = server.url("/f.bin")
        state = dir.file("s")
        part = dir.file("f.bin.part").path
    }

    /// Waits until the state database records bytes of it on disk.
    func waitUntilUnderWay() -> Bool {
        waitUntil(timeout: 20) { (durableBytes(stateDirectory: state, partPath: part) ?? 0) > 0 }
    }
}
