/// What `-o VALUE` names: the file to save, or a directory to save into (issue 60, point 5).
///
/// - `-o name`, `-o sub/name`: the file (its directory is created if missing).
/// - `-o sub/` (a trailing `/`): the directory `sub`, created if missing; the file is named from the URL, as
///   without `-o`. The habit of wget's `-P` and curl's `--output-dir`.
/// - `-o dir` where `dir` is an existing directory (or a link to one; `.` and `..` too): into it, the same way.
///   Before, both saved a file named `sub`, or `dir.1` beside the directory.
///
/// A relative value is below `-d` when both are given.
public enum OutputTarget: Hashable, Sendable {
    /// Save as this path.
    case file(String)
    /// Save into this directory, under the name the download gets without `-o`.
    case directory(String)

    /// What `output` names, given whether it is an existing directory (looked up by the caller, which does the I/O).
    public init(_ output: String, isExistingDirectory: Bool) {
        if output.hasSuffix("/") {
            var directory = output
            while directory.count > 1, directory.hasSuffix("/") { directory.removeLast() }
            self = .directory(directory)
        } else if isExistingDirectory {
            self = .directory(output)
        } else {
            self = .file(output)
        }
    }

    /// Whether it names a directory.
    public var isDirectory: Bool {
        if case .directory = self { return true }
        return false
    }
}
