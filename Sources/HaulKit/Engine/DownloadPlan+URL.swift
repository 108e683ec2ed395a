import Foundation
import HaulCore

/// One URL's download, as `haul get`, `haul add` and the daemon's `addUri` build it (issue #52, point 1): where it
/// goes (a directory and `-o`/`out`, or the URL's name), which names are refused, and the request made of the
/// options every front-end maps the same way. Cookies, mirrors and the HLS choice are `DownloadPlan.Extras`; what a
/// front-end adds of its own (folder rules, a download of its own over RPC) it sets on the request returned.
extension DownloadPlan {
    /// The longest bare name (`out=` over RPC), in UTF-8 bytes: 255 (the file name limit of common file systems)
    /// less the 5 of `.part`, the name the bytes are first written under.
    package static let maxNameBytes = 250

    /// Why a name given for a download cannot be used.
    package enum NameRefusal: Equatable, Sendable {
        /// `-` (`-o -`, `out=-`): curl's standard output; haul saves files it can resume and verify.
        case standardOutput
        /// Not a bare file name where one must be (aria2's `out`): empty, `.`, `..`, a `/` or a NUL in it.
        case notBare
        /// Longer than `maxNameBytes`.
        case tooLong(bytes: Int)
    }

    /// Why `name` cannot name a download, or `nil` when it can.
    ///
    /// - Parameters:
    ///   - bare: It must be a plain file name (aria2's `out`, whose `dir` says where and is checked): no directory
    ///     part, not `.` or `..`, at most `maxNameBytes`. `-` is such a name. Without it (`-o`, an `-i` line's
    ///     `out=`), a path is a path, `..` included, and only `-` is refused: the command line's user may write
    ///     where they can.
    package static func refusal(ofName name: String, bare: Bool) -> NameRefusal? {
        guard bare else { return name == "-" ? .standardOutput : nil }
        if name.isEmpty || name == "." || name == ".." || name.contains("/") || name.contains("\0") { return .notBare }
        if name.utf8.count > maxNameBytes { return .tooLong(bytes: name.utf8.count) }
        return nil
    }

    /// `path` made absolute against `base` and cleaned of `.` and empty components, or `nil` when a component is
    /// `..`: aria2's `dir` over RPC, refused rather than interpreted (the daemon then checks the result against its
    /// allowed directories). The command line's `-d`, `-o` and an `-i` line's `dir=` take `..` as a path does.
    package static func lexicalDirectory(_ path: String, base: String) -> String? {
        let absolute = path.hasPrefix("/") ? path : base + "/" + path
        var parts: [Substring] = []
        for part in absolute.split(separator: "/", omittingEmptySubsequences: true) where part != "." {
            if part == ".." { return nil }
            parts.append(part)
        }
        return "/" + parts.joined(separator: "/")
    }

    /// Where `url`'s file goes in `directory`: under `name` (`out`) if given, else the URL's name
    /// (`FileName.fromURL`).
    package static func destination(of url: URL, in directory: String, name: String? = nil) -> String {
        directory + "/" + (name ?? FileName.fromURL(url))
    }

    /// Where `url`'s file goes when `-o` may name it (`OutputTarget`, already made absolute): the file `-o` names,
    /// into the directory it names under the URL's name, or without `-o` into `directory` under the URL's name.
    package static func destination(of url: URL, in directory: String, output: OutputTarget?) -> String {
        switch output {
        case .file(let path)?: return path
        case .directory(let folder)?: return destination(of: url, in: folder)
        case nil: return destination(of: url, in: directory)
        }
    }

    /// The request for `url` saved at `destination`, with the options each front-end reads alike: its headers, the
    /// conflict policy, the digest, its own rate (`nil`: none), the connection count, the smallest split (`nil`:
    /// the library's default), its proxy and whether the server's Content-Disposition name is taken.
    package static func request(
        _ url: URL, destination: String, headers: [DownloadRequest.Header], onConflict: ConflictPolicy,
        checksum: Checksum? = nil, rate: Int64?, connections: ConnectionCount, minimumSplitSize: Int64? = nil,
        proxy: String? = nil, nameFromContentDisposition: Bool = false
    ) -> DownloadRequest {
        var request = DownloadRequest(
            url: url, destination: URL(fileURLWithPath: destination, isDirectory: false), headers: headers,
            onConflict: onConflict, nameFromContentDisposition: nameFromContentDisposition, checksum: checksum,
            maxBytesPerSecond: rate, proxy: proxy
        )
        if let minimumSplitSize { request.minimumSplitSize = minimumSplitSize }
        request.connectionCount = connections
        return request
    }
}
