import Foundation

/// Reads the RPC secret from a file, or creates one.
///
/// The secret never appears on the command line (other users see command lines in `ps`), in logs, or in any RPC
/// answer. A generated secret is kept in `STATE_DIR/rpc-secret` with mode 0600 and reused at the next start, so
/// that connected front-ends keep working across restarts.
package enum SecretFile {
    /// The secret in `path` (surrounding whitespace trimmed).
    package static func read(_ path: String) throws(DaemonError) -> String {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            throw DaemonError("cannot read the secret file \(path)")
        }
        let secret = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if secret.isEmpty { throw DaemonError("the secret file \(path) is empty") }
        return secret
    }

    /// The secret in `directory/rpc-secret`, created (mode 0600, 64 random hex digits) if missing.
    package static func generated(in directory: String) throws(DaemonError) -> (secret: String, path: String) {
        let path = directory + "/rpc-secret"
        if FileManager.default.fileExists(atPath: path) { return (try read(path), path) }
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw DaemonError("cannot create the state directory \(directory)")
        }
        let secret = SecretToken.generate()
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL, 0o600)
        guard fd >= 0 else { throw DaemonError("cannot create \(path): \(String(cString: strerror(errno)))") }
        let bytes = Array((secret + "\n").utf8)
        let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        close(fd)
        guard written == bytes.count else { throw DaemonError("cannot write \(path)") }
        return (secret, path)
    }
}
