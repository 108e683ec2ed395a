#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Something to create in the staging directory.
struct PlannedItem: Sendable {
    /// The central directory index; `nil` for a parent directory no entry names.
    var entryIndex: Int?
    var components: [[UInt8]]
    var displayPath: String
    /// Mode bits to apply at the end; `nil` leaves `mkdir`'s default under the umask.
    var permissions: mode_t?
    var modificationTime: FileTime?
}

/// Every decision about an archive made before a byte is written: which paths to create, in which order, and
/// the refusal of anything unsafe. Pure: no I/O.
struct ExtractionPlan: Sendable {
    /// Directories, parents before children, including parents no entry names.
    var directories: [PlannedItem] = []
    /// Files, in the order their data appears in the archive.
    var files: [PlannedItem] = []
    /// Symlinks with their targets; created last, after every file.
    var symlinks: [(item: PlannedItem, target: [UInt8])] = []
    /// The sum of the declared sizes of the files.
    var totalFileBytes: UInt64 = 0
    var entryCount: Int = 0

    /// Validates the central directory against the safety rules and the limits.
    /// - Parameters:
    ///   - entries: The central directory.
    ///   - symlinkTargets: The target of each symlink entry, by entry index.
    ///   - limits: The caps.
    /// - Throws: A ``ZipError`` naming the first rule broken: unsafe or duplicate names, conflicting types,
    ///   writes through symlinks, escaping symlinks, unsupported entries, or a limit.
    init(
        entries: [CentralDirectoryEntry], symlinkTargets: [Int: [UInt8]], limits: ExtractionLimits
    ) throws {
        try Self.checkCount(entries.count, limits: limits)
        entryCount = entries.count
        var kinds: [[UInt8]: CentralDirectoryEntry.Kind] = [:]
        kinds.reserveCapacity(entries.count)
        var paths: [[[UInt8]]] = []
        paths.reserveCapacity(entries.count)
        for entry in entries {
            let components = try EntryPath.components(of: entry.name)
            try Self.checkSupported(entry)
            try Self.checkLimits(entry, total: &totalFileBytes, limits: limits)
            let key = EntryPath.key(components)
            if kinds.updateValue(entry.kind, forKey: key) != nil {
                throw ZipError(
                    .duplicateEntry, "refusing archive: '\(String(decoding: key, as: UTF8.self))' appears twice",
                    entry: entry.displayName)
            }
            paths.append(components)
        }
        let implicitDirectories = try Self.checkParents(paths, kinds: kinds, entries: entries)

        var symlinkTargetsByPath: [[UInt8]: [UInt8]] = [:]
        for (index, target) in symlinkTargets { symlinkTargetsByPath[EntryPath.key(paths[index])] = target }
        let resolver = SymlinkResolver(targets: symlinkTargetsByPath)

        for (index, entry) in entries.enumerated() {
            let item = PlannedItem(
                entryIndex: index, components: paths[index], displayPath: entry.displayName,
                permissions: entry.permissions, modificationTime: entry.modificationTime)
            switch entry.kind {
            case .directory: directories.append(item)
            case .file: files.append(item)
            case .symlink:
                try resolver.checkContained(paths[index], display: entry.displayName)
                symlinks.append((item, symlinkTargets[index] ?? []))
            case .special: break
            }
        }
        for components in implicitDirectories {
            directories.append(
                PlannedItem(
                    entryIndex: nil, components: components,
                    displayPath: String(decoding: EntryPath.key(components), as: UTF8.self)))
        }
        directories.sort { $0.components.count < $1.components.count }
        files.sort { entries[$0.entryIndex!].localHeaderOffset < entries[$1.entryIndex!].localHeaderOffset }
    }

    /// Refuses more entries than the limit allows.
    static func checkCount(_ count: UInt64, limits: ExtractionLimits) throws {
        guard count <= UInt64(max(limits.maxEntryCount, 0)) else {
            throw ZipError(
                .entryCountLimit,
                "refusing archive: it has \(count) entries, more than the limit of \(limits.maxEntryCount)")
        }
    }

    private static func checkCount(_ count: Int, limits: ExtractionLimits) throws {
        try checkCount(UInt64(count), limits: limits)
    }

    /// Refuses encrypted entries, compression methods other than store and deflate, and device or FIFO entries.
    private static func checkSupported(_ entry: CentralDirectoryEntry) throws {
        let name = entry.displayName
        if case .special(let type) = entry.kind {
            throw ZipError(
                .unsupportedFeature, "refusing entry '\(name)': it is a device, FIFO or socket (type \(type))",
                entry: name)
        }
        guard !entry.isEncrypted else {
            throw ZipError(
                .unsupportedFeature, "entry '\(name)' is encrypted, which Haul does not support", entry: name)
        }
        guard entry.kind == .directory || [ZipFormat.methodStored, ZipFormat.methodDeflated].contains(entry.method)
        else {
            throw ZipError(
                .unsupportedFeature,
                "entry '\(name)' uses compression method \(entry.method); Haul supports store (0) and deflate (8)",
                entry: name)
        }
        if entry.kind != .directory, entry.method == ZipFormat.methodStored,
            entry.compressedSize != entry.uncompressedSize
        {
            throw ZipError(
                .corruptArchive,
                "stored entry '\(name)' declares \(entry.compressedSize) bytes stored but \(entry.uncompressedSize) "
                    + "bytes of content", entry: name)
        }
    }

    /// Adds an entry's size to the total and checks the total and ratio caps.
    private static func checkLimits(
        _ entry: CentralDirectoryEntry, total: inout UInt64, limits: ExtractionLimits
    ) throws {
        guard entry.kind != .directory else { return }
        let name = entry.displayName
        let size = entry.uncompressedSize
        let (sum, overflow) = total.addingReportingOverflow(size)
        guard !overflow, sum <= limits.maxTotalUncompressedBytes else {
            throw ZipError(
                .totalSizeLimit,
                "refusing archive: its entries add up to more than the limit of \(limits.maxTotalUncompressedBytes) "
                    + "bytes (reached at '\(name)', \(size) bytes)", entry: name)
        }
        total = sum
        guard size > limits.compressionRatioGraceBytes else { return }
        let (allowed, tooBig) = entry.compressedSize.multipliedReportingOverflow(by: limits.maxCompressionRatio)
        guard tooBig || size <= allowed else {
            throw ZipError(
                .compressionRatioLimit,
                "refusing entry '\(name)': it expands \(entry.compressedSize) bytes to \(size), more than "
                    + "\(limits.maxCompressionRatio) times", entry: name)
        }
    }

    /// Checks that every parent of every entry is a directory, never a file or symlink entry.
    /// - Returns: Parents that no entry names, to be created as plain directories.
    private static func checkParents(
        _ paths: [[[UInt8]]], kinds: [[UInt8]: CentralDirectoryEntry.Kind], entries: [CentralDirectoryEntry]
    ) throws -> [[[UInt8]]] {
        var seen = Set<[UInt8]>()
        var implicit: [[[UInt8]]] = []
        for (index, components) in paths.enumerated() where components.count > 1 {
            for depth in 1..<components.count {
                let parent = Array(components[0..<depth])
                let key = EntryPath.key(parent)
                guard seen.insert(key).inserted else { continue }
                let parentName = String(decoding: key, as: UTF8.self)
                let name = entries[index].displayName
                switch kinds[key] {
                case nil: implicit.append(parent)
                case .directory?: break
                case .symlink?:
                    throw ZipError(
                        .writeThroughSymlink,
                        "refusing entry '\(name)': it would be written through the symlink '\(parentName)'",
                        entry: name)
                default:
                    throw ZipError(
                        .conflictingEntries,
                        "refusing entry '\(name)': '\(parentName)' is a file in the archive, not a directory",
                        entry: name)
                }
            }
        }
        return implicit
    }
}
