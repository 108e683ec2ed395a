import Foundation
import MCP

/// One download as an agent reads it: the structured object of `get_download` and the lists
/// (`AgentToolCatalog.downloadSchema`), and the line of text beside it.
enum AgentDownloadView {
    static func value(_ download: Aria2Download) -> Value {
        var object: [String: Value] = [
            "id": .string(GID(download.id).description),
            "state": .string(download.status.rawValue),
            "url": .string(download.url),
            "path": .string(download.path),
            "total_bytes": download.totalBytes.map { .int(Int($0)) } ?? .null,
            "bytes_done": .int(Int(download.bytesDone)),
            "percent": percent(download).map { .double($0) } ?? .null,
            "speed": .int(Int(download.speed)),
            "seconds_left": secondsLeft(download).map { .int($0) } ?? .null,
        ]
        if download.status == .error { object["error"] = .string(errorSentence(download)) }
        return .object(object)
    }

    /// `12.5%`-style progress, `nil` while the size is unknown.
    static func percent(_ download: Aria2Download) -> Double? {
        if download.status == .complete { return 100 }
        guard let total = download.totalBytes, total > 0 else { return nil }
        return (Double(download.bytesDone) * 1000 / Double(total)).rounded() / 10
    }

    /// The time left at the current speed, for a running download whose size is known.
    static func secondsLeft(_ download: Aria2Download) -> Int? {
        guard download.status == .active, let total = download.totalBytes, download.speed >= 1 else { return nil }
        return Int((Double(max(0, total - download.bytesDone)) / download.speed).rounded(.up))
    }

    static func errorSentence(_ download: Aria2Download) -> String {
        download.errorMessage ?? "the download failed (aria2 error code \(download.errorCode ?? 1))"
    }

    /// One line: `0123456789abcdef complete 100% /srv/refs/paper.pdf`, with the error of a failed one.
    static func line(_ download: Aria2Download) -> String {
        var parts = [GID(download.id).description, download.status.rawValue]
        if let percent = percent(download) { parts.append(String(format: "%g%%", percent)) }
        if download.status == .active { parts.append("\(Int(download.speed)) B/s") }
        if let left = secondsLeft(download) { parts.append("\(left) s left") }
        parts.append(download.path)
        if download.status == .error { parts.append("error: \(errorSentence(download))") }
        return parts.joined(separator: " ")
    }
}
