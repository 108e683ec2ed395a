import Foundation
import HaulCore

/// Which live `haul` processes hold which downloads: a note per process in `holders/` under the state directory,
/// so that `haul resume ID` (and the daemon's `unpause`) can leave a download to the process that shows its bar
/// (`HolderRule`) instead of taking it over.
///
/// A process that runs downloads (`haul URL`, `haul resume`) writes `holders/PID.note` (its process id, whether it
/// waits when paused, the ids it holds) and keeps `holders/PID.lock` locked (`flock`) while it lives. A note counts
/// only while its lock is held: the kernel drops the lock when the process ends, `kill -9` and power loss
/// included, so a note left behind never passes for a live holder (as `DaemonAnnouncement` does for the daemon).
/// Notes of ended processes are swept by the next process that writes one.
package final class DownloadHolders: Sendable {
    /// One process's note.
    package struct Note: Sendable, Equatable {
        package var pid: Int32
        /// It offers keys: a download paused there waits for **space** (and a resume through the store).
        package var waitsWhenPaused: Bool
        package var ids: [Int64]
    }

    private let lock: Int32
    private let directory: String
    private let pid: Int32

    private init(lock: Int32, directory: String, pid: Int32) {
        self.lock = lock
        self.directory = directory
        self.pid = pid
    }

    deinit {
        unlink(Self.notePath(directory, pid))
        unlink(Self.lockPath(directory, pid))
        close(lock)
    }

    static func folder(_ stateDirectory: String) -> String { stateDirectory + "/holders" }
    static func lockPath(_ folder: String, _ pid: Int32) -> String { folder + "/\(pid).lock" }
    static func notePath(_ folder: String, _ pid: Int32) -> String { folder + "/\(pid).note" }

    /// Notes that this process holds `ids`; the note lasts as long as the value (or the process). `nil` when the
    /// state directory cannot take it (nothing is then handed to this process: others run its downloads as before).
    package static func hold(_ ids: [Int64], waitsWhenPaused: Bool, stateDirectory: String) -> DownloadHolders? {
        let folder = folder(stateDirectory)
        mkdir(folder, 0o700)
        sweep(folder)
        let pid = getpid()
        let path = lockPath(folder, pid)
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return nil }
        // Locked, and still the file at that path (an ended process's note with the same pid may have been swept
        // between the open and the lock).
        var held = stat()
        var named = stat()
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0, fstat(descriptor, &held) == 0, stat(path, &named) == 0,
            held.st_ino == named.st_ino
        else {
            close(descriptor)
            return nil
        }
        let holders = DownloadHolders(lock: descriptor, directory: folder, pid: pid)
        guard holders.store(Note(pid: pid, waitsWhenPaused: waitsWhenPaused, ids: ids)) else { return nil }
        return holders
    }

    /// Writes the note whole to a file of its own and renames it over the old one: a reader sees one note or the
    /// other, never half of one. Plain text, written with three calls (`haul URL` pays for it on every run): the
    /// first line `pid waits|ends`, then the ids separated by spaces.
    /// Replaces the ids this process holds (a list read as its queue drains holds each window of it in turn).
    @discardableResult
    package func update(_ ids: [Int64], waitsWhenPaused: Bool) -> Bool {
        store(Note(pid: pid, waitsWhenPaused: waitsWhenPaused, ids: ids))
    }

    private func store(_ note: Note) -> Bool {
        let path = Self.notePath(directory, pid)
        let temporary = path + ".tmp"
        let text = "\(note.pid) \(note.waitsWhenPaused ? "waits" : "ends")\n" + note.ids.map(String.init).joined(separator: " ") + "\n"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return false }
        let bytes = Array(text.utf8)
        let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        close(descriptor)
        guard written == bytes.count, rename(temporary, path) == 0 else {
            unlink(temporary)
            return false
        }
        return true
    }

    /// A note as `write` wrote it, or `nil`.
    static func parse(_ text: String) -> Note? {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.count >= 2 else { return nil }
        let head = lines[0].split(separator: " ")
        guard head.count == 2, let pid = Int32(head[0]), head[1] == "waits" || head[1] == "ends" else { return nil }
        return Note(pid: pid, waitsWhenPaused: head[1] == "waits", ids: lines[1].split(separator: " ").compactMap { Int64($0) })
    }

    /// The notes of the live processes on `stateDirectory`, other than this one.
    package static func others(stateDirectory: String) -> [Note] {
        let folder = folder(stateDirectory)
        let own = getpid()
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return [] }
        return names.compactMap { name -> Note? in
            guard name.hasSuffix(".note"), let pid = Int32(name.dropLast(".note".count)), pid != own,
                isAlive(folder, pid), let data = FileManager.default.contents(atPath: notePath(folder, pid))
            else { return nil }
            return parse(String(decoding: data, as: UTF8.self))
        }
    }

    /// Who holds download `id`, among `notes` (`others`): the first live process whose note names it.
    package static func holder(of id: Int64, in notes: [Note]) -> DownloadHolder {
        guard let note = notes.first(where: { $0.ids.contains(id) }) else { return .none }
        return .otherProcess(pid: note.pid, waitsWhenPaused: note.waitsWhenPaused)
    }

    /// Whether the process `pid` still holds its lock.
    private static func isAlive(_ folder: String, _ pid: Int32) -> Bool {
        let descriptor = open(lockPath(folder, pid), O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        if flock(descriptor, LOCK_SH | LOCK_NB) == 0 {
            flock(descriptor, LOCK_UN)
            return false
        }
        return errno == EWOULDBLOCK
    }

    /// Deletes the notes of processes that ended without deleting theirs (killed), each under its lock.
    private static func sweep(_ folder: String) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
        for name in names where name.hasSuffix(".lock") {
            guard let pid = Int32(name.dropLast(".lock".count)) else { continue }
            let descriptor = open(lockPath(folder, pid), O_RDWR | O_CLOEXEC)
            guard descriptor >= 0 else { continue }
            if flock(descriptor, LOCK_EX | LOCK_NB) == 0 {
                unlink(notePath(folder, pid))
                unlink(lockPath(folder, pid))
            }
            close(descriptor)
        }
    }
}
