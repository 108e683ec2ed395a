#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// One record of the central directory, with zip64 and timestamp extra fields applied.
struct CentralDirectoryEntry: Hashable, Sendable {
    /// What an entry makes on disk.
    enum Kind: Hashable, Sendable {
        case file, directory, symlink
        /// A FIFO, device or socket: never extracted.
        case special(mode_t)
    }

    /// Position in the central directory, from 0.
    var index: Int
    /// The raw name bytes; Haul writes them to disk as they are.
    var name: [UInt8]
    var versionMadeBy: UInt16
    var flags: UInt16
    var method: UInt16
    var dosTime: DosDateTime
    var crc32: UInt32
    var compressedSize: UInt64
    var uncompressedSize: UInt64
    var localHeaderOffset: UInt64
    var externalAttributes: UInt32
    /// Unix modification time from the extended-timestamp extra field, when present.
    var unixModificationTime: Int64?

    /// The name for messages (invalid UTF-8 replaced).
    var displayName: String { String(decoding: name, as: UTF8.self) }

    var isEncrypted: Bool { flags & ZipFormat.flagEncrypted != 0 }

    /// The Unix mode from the external attributes, when the archive was made on a Unix-like host.
    var unixMode: mode_t? {
        guard ZipFormat.unixHosts.contains(UInt8(versionMadeBy >> 8)) else { return nil }
        let mode = mode_t(externalAttributes >> 16)
        return mode == 0 ? nil : mode
    }

    var kind: Kind {
        let namedAsDirectory = name.last == UInt8(ascii: "/")
        if let mode = unixMode {
            switch mode & S_IFMT {
            case S_IFLNK: return .symlink
            case S_IFDIR: return .directory
            case S_IFREG, 0: return namedAsDirectory ? .directory : .file
            default: return .special(mode & S_IFMT)
            }
        }
        let msdosDirectory = externalAttributes & 0x10 != 0
        return namedAsDirectory || msdosDirectory ? .directory : .file
    }

    /// Permission bits to give the extracted item: the archived ones without set-user-ID, set-group-ID and sticky,
    /// or 0644 / 0755 when the archive has none.
    var permissions: mode_t {
        let fallback: mode_t = kind == .directory ? 0o755 : 0o644
        guard let mode = unixMode else { return fallback }
        let bits = mode & 0o777
        return bits == 0 ? fallback : bits
    }

    /// The modification time: the Unix timestamp extra field if present, else the DOS time read as local time.
    var modificationTime: FileTime {
        FileTime(seconds: unixModificationTime ?? dosTime.unixTime)
    }
}
