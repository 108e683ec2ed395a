import HaulKit

/// Where RPC clients may save: `dir` must lie inside one of the allowed directories (`--allow-dir`, default the
/// `-d` directory), after symlinks are resolved.
///
/// aria2 writes wherever a client says (`dir: "/home/user/.ssh"`, `out: "authorized_keys"`). Here the path is
/// first normalised lexically (`..` refused outright rather than interpreted), then the I/O layer resolves
/// symlinks (`DirectoryResolver`), and the resolved path must equal an allowed directory or lie below it, compared
/// by whole path components (`/data2` is not inside `/data`).
package struct DirectoryPolicy: Sendable, Equatable {
    /// The allowed directories, absolute and already resolved.
    package var allowed: [String]

    package init(allowed: [String]) {
        self.allowed = allowed.map(Self.trimmed)
    }

    /// `path` made absolute against `base` (the default directory) and cleaned of `.` and empty components;
    /// a `..` component is refused.
    package static func normalised(_ path: String, base: String) throws(Aria2OptionError) -> String {
        guard let normalised = DownloadPlan.lexicalDirectory(path, base: base) else {
            throw Aria2OptionError("dir must not contain '..': \(path)")
        }
        return normalised
    }

    /// Whether a resolved absolute path is an allowed directory or inside one.
    package func contains(_ resolved: String) -> Bool {
        let path = Self.trimmed(resolved)
        return allowed.contains { root in
            root == "/" || path == root || path.hasPrefix(root + "/")
        }
    }

    private static func trimmed(_ path: String) -> String {
        var value = path
        while value.count > 1 && value.hasSuffix("/") { value.removeLast() }
        return value
    }
}
