import Foundation

/// A running daemon's note in its state directory, so that `haul add` beside it saves where the daemon saves:
/// `daemon.json` (its download directory and folder rules, the allowed directories, its port and process id), valid
/// only while `daemon.lock` in the same directory is locked (`flock`). The daemon writes it again when its `dir` or
/// `folder-rule` option changes over RPC (the page's Settings), so that `haul add` follows what an RPC add would do.
///
/// Why a lock and not the note alone: the kernel drops a lock when its process ends, `kill -9` and power loss
/// included, so a note left behind by a daemon that died never passes for a running one.
package final class DaemonAnnouncement: Sendable {
    /// What a running daemon says about itself.
    package struct Info: Codable, Sendable, Equatable {
        /// The daemon's process.
        package var pid: Int32
        /// The port its RPC server and page listen on.
        package var port: Int
        /// Where downloads go by default (`-d`, resolved).
        package var directory: String
        /// Where downloads may go (`--allow-dir`, resolved).
        package var allowed: [String]
        /// The daemon's `folder-rule` option as written (`nil` or empty: none; `nil` also in a note of a Haul from
        /// before the field). `haul add` without `-d` applies them as an RPC add without `dir` does.
        package var folderRules: String?
        /// The address it listens on (`--rpc-listen-address`; `nil` in a note of a Haul from before the field:
        /// 127.0.0.1), and the file its secret is in (never the secret itself; `nil` before: STATE_DIR/rpc-secret).
        /// `haul mcp` relays to it with them (docs/agents.md).
        package var address: String?
        package var secretPath: String?

        package init(
            pid: Int32, port: Int, directory: String, allowed: [String], folderRules: String? = nil, address: String? = nil,
            secretPath: String? = nil
        ) {
            self.pid = pid
            self.port = port
            self.directory = directory
            self.allowed = allowed
            self.folderRules = folderRules
            self.address = address
            self.secretPath = secretPath
        }

        /// Whether `path` (resolved) may hold downloads of this daemon.
        package func allows(_ path: String) -> Bool {
            DirectoryPolicy(allowed: allowed).contains(DirectoryResolver.resolve(path))
        }
    }

    private let lock: Int32
    private let stateDirectory: String

    private init(lock: Int32, stateDirectory: String) {
        self.lock = lock
        self.stateDirectory = stateDirectory
    }

    deinit {
        close(lock)
    }

    static func lockPath(_ stateDirectory: String) -> String { stateDirectory + "/daemon.lock" }
    static func notePath(_ stateDirectory: String) -> String { stateDirectory + "/daemon.json" }

    /// Takes the lock and writes the note. `nil` when another daemon holds the lock already (that one stays
    /// the one `haul add` follows) or the directory cannot be written.
    package static func announce(_ info: Info, stateDirectory: String) -> DaemonAnnouncement? {
        let descriptor = open(lockPath(stateDirectory), O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return nil }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            close(descriptor)
            return nil
        }
        guard write(info, stateDirectory: stateDirectory) else {
            close(descriptor)
            return nil
        }
        return DaemonAnnouncement(lock: descriptor, stateDirectory: stateDirectory)
    }

    /// Writes the note again with `info` (the lock is still held). `false` when it cannot be written: the note
    /// before stays.
    @discardableResult
    package func update(_ info: Info) -> Bool {
        Self.write(info, stateDirectory: stateDirectory)
    }

    /// Writes the note whole to a file of its own and renames it over the old one: a reader sees one note or the
    /// other, never half of one.
    private static func write(_ info: Info, stateDirectory: String) -> Bool {
        let note = notePath(stateDirectory)
        let temporary = note + ".\(getpid()).tmp"
        guard let data = try? JSONEncoder().encode(info),
            FileManager.default.createFile(atPath: temporary, contents: data, attributes: [.posixPermissions: 0o600]),
            rename(temporary, note) == 0
        else {
            unlink(temporary)
            return false
        }
        return true
    }

    /// The daemon running on `stateDirectory`, or `nil` when none holds the lock.
    package static func running(stateDirectory: String) -> Info? {
        let descriptor = open(lockPath(stateDirectory), O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        if flock(descriptor, LOCK_SH | LOCK_NB) == 0 {
            flock(descriptor, LOCK_UN)
            return nil
        }
        guard errno == EWOULDBLOCK, let data = FileManager.default.contents(atPath: notePath(stateDirectory)) else {
            return nil
        }
        return try? JSONDecoder().decode(Info.self, from: data)
    }
}
