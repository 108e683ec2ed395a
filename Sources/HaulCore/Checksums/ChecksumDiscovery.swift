/// `--checksum auto`: where a site publishes a file's checksum, and how to read what is found there, so a download
/// is verified without anyone copying hex. (FileCentipede proposed fetching `<file>.sha256`; no tool does it.)
///
/// The places, in the order they are tried, and why that order:
/// 1. `URL.sha256`, `URL.sha512`, `URL.md5`: a sidecar for this one file (GitHub release assets, many project
///    download pages). Most specific, and small. SHA-256 first because it is what sites publish most; MD5 last
///    because it only protects against accidents.
/// 2. `SHA256SUMS`, `SHA512SUMS` in the URL's directory: the lists of Debian, Ubuntu, Fedora and most mirrors.
/// The first place whose answer names the file wins; a place that is missing (404), unreadable, or does not list
/// the file is skipped. None found is not an error unless the person asked for one (`--require-checksum`): most
/// files have no published checksum, and `auto` means "verify when you can".
public enum ChecksumDiscovery {
    /// One place to look.
    public struct Place: Hashable, Sendable {
        /// The URL to fetch.
        public var url: String
        /// The name a checksum list takes from it (`big.iso.sha256`, `SHA256SUMS`), which names its algorithm.
        public var listName: String
        /// A sidecar for the one file: a bare digest is accepted as the file's.
        public var isSidecar: Bool
    }

    /// The places for the file at `fileURL` (an absolute http(s) URL; query and fragment are dropped, as a sidecar
    /// sits beside the path, not the query). Empty when the URL has no file name.
    public static func places(for fileURL: String) -> [Place] {
        var path = Substring(fileURL)
        if let cut = path.firstIndex(where: { $0 == "?" || $0 == "#" }) { path = path[..<cut] }
        guard let schemeEnd = path.range(of: "://"), let slash = path[schemeEnd.upperBound...].lastIndex(of: "/")
        else { return [] }
        let directory = path[...slash]
        let name = path[path.index(after: slash)...]
        guard !name.isEmpty else { return [] }
        let sidecars = ["sha256", "sha512", "md5"].map {
            Place(url: "\(path).\($0)", listName: "\(name).\($0)", isSidecar: true)
        }
        let lists = ["SHA256SUMS", "SHA512SUMS"].map { Place(url: "\(directory)\($0)", listName: $0, isSidecar: false) }
        return sidecars + lists
    }

    /// The checksum for `fileNames` (the URL's name first, then the saved name) in what `place` answered, or `nil`
    /// when it does not give one. A sidecar may hold the bare digest alone (`e3b0c4...`), which is the file's.
    public static func checksum(in text: String, from place: Place, fileNames: [String]) -> ChecksumList.Entry? {
        if let list = try? ChecksumList.parse(text, listName: place.listName),
            let entry = try? list.entry(forFirstOf: fileNames)
        {
            return entry
        }
        guard place.isSidecar else { return nil }
        let words = text.split(whereSeparator: \.isWhitespace)
        guard words.count == 1, let algorithm = place.listName.split(separator: ".").last.map(String.init) else {
            return nil
        }
        let hex = words[0].lowercased()
        let length = ["md5": 32, "sha256": 64, "sha512": 128][algorithm]
        guard hex.count == length, hex.allSatisfy(\.isHexDigit) else { return nil }
        return ChecksumList.Entry(algorithm: algorithm, hex: hex, name: fileNames.first ?? "")
    }
}
