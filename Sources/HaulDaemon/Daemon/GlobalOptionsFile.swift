import Foundation

/// `global-options.json` in the daemon's state directory: the global options changed over RPC
/// (`SavedGlobalOptions`), applied again at each start and rewritten after each change.
///
/// A file that cannot be read or parsed is noted and ignored (the daemon starts with its command line's options);
/// a kept value that no longer applies (a directory no longer allowed) is noted and dropped at the next change.
/// Written whole to a temporary file and renamed, so that a crash never leaves half a file.
struct GlobalOptionsFile: Sendable {
    let path: String

    init(stateDirectory: String) {
        path = (stateDirectory as NSString).appendingPathComponent("global-options.json")
    }

    func load() -> SavedGlobalOptions? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        return try? JSONDecoder().decode(SavedGlobalOptions.self, from: data)
    }

    func save(_ saved: SavedGlobalOptions) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try encoder.encode(saved).write(to: URL(fileURLWithPath: path), options: .atomic)
    }

    /// Applies the kept options to `service` (whose globals are still the command line's), then keeps every later
    /// change. Called once at start, before the daemon listens.
    func restore(into service: Aria2Service, log: @escaping @Sendable (String) -> Void) async {
        let start = await service.globals
        if FileManager.default.fileExists(atPath: path) {
            if let saved = load() {
                let changes = saved.changes(startingWith: start)
                if !changes.isEmpty {
                    let others = changes.filter { $0.key != "dir" }
                    do {
                        try await service.changeGlobalOptions(directory: changes["dir"]?.stringValue) { globals throws(Aria2OptionError) in
                            try globals.changed(by: others)
                        }
                    } catch {
                        log("\(path): kept options not applied: \(error.message)")
                    }
                }
            } else {
                log("\(path) is not readable; starting with the command line's options")
            }
        }
        await service.observeGlobals { options in
            do { try save(SavedGlobalOptions.recording(options, startedWith: start)) } catch {
                log("cannot keep the changed options in \(path): \(error.localizedDescription)")
            }
        }
    }
}

extension Aria2Service {
    /// Calls `observer` with the global options after each `changeGlobalOption` that changed them (after the
    /// observers added before it).
    func observeGlobals(_ observer: @escaping @Sendable (Aria2GlobalOptions) -> Void) {
        globalsChanged.append(observer)
    }
}
