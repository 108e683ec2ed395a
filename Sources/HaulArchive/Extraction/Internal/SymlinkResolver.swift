/// Resolves symlink targets inside the virtual tree an archive describes, following the archive's own symlinks,
/// to prove that each link stays inside the destination.
///
/// Extraction happens in a fresh staging directory, so the archive's symlinks are the only ones a target can
/// traverse; resolving through them is exact, not a heuristic.
struct SymlinkResolver {
    /// Target bytes of every symlink entry, by joined path.
    let targets: [[UInt8]: [UInt8]]
    /// Following more links than this is a loop (Linux gives up at 40 too).
    static let maxHops = 40

    /// Checks that the symlink at `link` resolves inside the destination.
    /// - Parameters:
    ///   - link: Components of the symlink's own path.
    ///   - display: The entry name, for messages.
    /// - Throws: ``ZipError/Code/symlinkEscapes`` for absolute targets, targets climbing above the destination
    ///   (directly or through other links), and loops.
    func checkContained(_ link: [[UInt8]], display: String) throws {
        guard let target = targets[EntryPath.key(link)] else { return }
        let targetText = String(decoding: target, as: UTF8.self)
        func escape(_ reason: String) -> ZipError {
            ZipError(.symlinkEscapes, "refusing symlink '\(display)' -> '\(targetText)': \(reason)", entry: display)
        }
        guard !target.isEmpty, !target.contains(0) else { throw escape("the target is empty or contains NUL") }
        guard target.first != UInt8(ascii: "/") else { throw escape("the target is an absolute path") }
        var resolved = Array(link.dropLast())
        var pending = EntryPath.targetComponents(target)[...]
        var hops = 0
        while let component = pending.popFirst() {
            if EntryPath.isParentReference(component) {
                guard !resolved.isEmpty else { throw escape("it points outside the destination") }
                resolved.removeLast()
                continue
            }
            resolved.append(component)
            if let next = targets[EntryPath.key(resolved)] {
                hops += 1
                guard hops <= Self.maxHops else { throw escape("it is part of a symlink loop") }
                guard next.first != UInt8(ascii: "/") else { throw escape("it goes through an absolute symlink") }
                resolved.removeLast()
                pending = (EntryPath.targetComponents(next) + pending)[...]
            }
        }
    }
}
