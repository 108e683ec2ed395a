/// The validated, normalised components of an entry name.
enum EntryPath {
    private static let slash = UInt8(ascii: "/")
    private static let dot = UInt8(ascii: ".")

    /// Splits an entry name into path components, refusing every name that could land outside the destination.
    ///
    /// Refused: empty names, NUL bytes, backslashes (a separator on Windows, so `..\x` escapes there), names
    /// starting with `/`, `..` components, and names longer than 4096 bytes. Empty and `.` components are dropped,
    /// so `a//./b/` becomes `a`, `b`.
    /// - Parameter name: The raw entry name.
    /// - Returns: At least one component, none empty, `.` or `..`.
    /// - Throws: ``ZipError/Code/unsafeEntryPath`` saying which rule the name breaks.
    static func components(of name: [UInt8]) throws -> [[UInt8]] {
        let display = String(decoding: name, as: UTF8.self)
        func refuse(_ reason: String) -> ZipError {
            ZipError(.unsafeEntryPath, "refusing entry '\(display)': \(reason)", entry: display)
        }
        guard !name.isEmpty else { throw refuse("the name is empty") }
        guard name.count <= ZipFormat.maxNameLength else { throw refuse("the name is longer than 4096 bytes") }
        guard !name.contains(0) else { throw refuse("the name contains a NUL byte") }
        guard !name.contains(UInt8(ascii: "\\")) else { throw refuse("the name contains a backslash") }
        guard name.first != slash else { throw refuse("the name is an absolute path") }
        var components: [[UInt8]] = []
        for part in name.split(separator: slash, omittingEmptySubsequences: true) {
            if part.count == 1, part.first == dot { continue }
            if part.count == 2, part.allSatisfy({ $0 == dot }) { throw refuse("the name has a '..' component") }
            components.append(Array(part))
        }
        guard !components.isEmpty else { throw refuse("the name names no file") }
        return components
    }

    /// Joins components with `/`, as a dictionary key and for messages.
    static func key(_ components: some Collection<[UInt8]>) -> [UInt8] {
        Array(components.joined(separator: [slash]))
    }

    /// Splits a symlink target into components, keeping `..` and dropping empty and `.` ones.
    static func targetComponents(_ target: [UInt8]) -> [[UInt8]] {
        target.split(separator: slash, omittingEmptySubsequences: true)
            .filter { !($0.count == 1 && $0.first == dot) }
            .map(Array.init)
    }

    static func isParentReference(_ component: [UInt8]) -> Bool {
        component.count == 2 && component.allSatisfy { $0 == dot }
    }
}
