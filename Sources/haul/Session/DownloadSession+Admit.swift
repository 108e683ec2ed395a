import Foundation
import HaulCore
import HaulKit

/// What gives a session more requests as its queue drains: a `-i` list (`InputList`).
protocol RequestFeed: AnyObject {
    /// Requests not given yet (as far as is known).
    var remaining: Int { get }
    /// At most `most` more requests, in order; fewer only at the end.
    /// - Throws: what keeps the rest from being read (an I/O error); nothing more is asked then.
    func next(_ most: Int) throws -> [DownloadRequest]
}

/// The downloads of a session and how the ones it let go of went.
struct SessionTally {
    /// The downloads held, in the order added.
    var ids: [Int64] = []
    var names: [Int64: String] = [:]
    var failures: [(String, HaulError)] = []
    /// Refused when added (a destination taken, a digest that does not match a completed file).
    var refused = 0
    /// Skipped when added (`--on-conflict skip`).
    var skipped = 0
    /// Let go of once ended (a long list), and how many of those completed.
    var released = 0
    var completedReleased = 0
}

/// Adding requests to the queue, and a list read as the queue drains (docs/cli.md, "Long lists").
extension DownloadSession {
    /// Adds `requests`, noting each one's id, and saying what became of those already complete, renamed or refused.
    func admit(_ requests: [DownloadRequest], manager: DownloadManager, view: SessionView) async {
        // All added at once: their records go to the store in one transaction (`DownloadManager.add(all:)`).
        let notes = quitRequested ? [] : requests.map { ResumeNote(client: client, destination: $0.destinationPath, url: $0.url) }
        let added = quitRequested ? [] : await manager.add(all: requests)
        // By index, not `zip`: a `zip` in an async function has its iterator's type made at run time, the first time
        // by a scan of every conformance record of the binary (about 0.2 ms before the first download starts).
        for index in 0..<min(notes.count, added.count) {
            let (request, note, result) = (requests[index], notes[index], added[index])
            let name = request.destination.lastPathComponent
            do {
                let id = try result.get()
                if !tally.ids.contains(id.rawValue) { tally.ids.append(id.rawValue) }
                tally.names[id.rawValue] = name
                if let note { view.resuming(id.rawValue, note) }
                // Where it went: the same URL's completed download given back, or a numbered name.
                if let snapshot = await manager.snapshot(id) {
                    if snapshot.state == .completed {
                        // Where it is (a numbered name when the name was taken then), and, when a digest was given,
                        // whether the file there has it: a digest given is never passed over in silence.
                        let place = snapshot.destination.path == request.destinationPath ? "" : " as \(snapshot.name)"
                        if let expected = request.checksum {
                            if let mismatch = Self.mismatch(of: snapshot.destination.path, expected) {
                                view.report(mismatch, name: name)
                                tally.failures.append((name, mismatch))
                                tally.ids.removeAll { $0 == id.rawValue }
                                tally.refused += 1
                                continue
                            }
                            view.notice("already complete\(place) (download \(id)), \(expected.algorithm.rawValue) verified; --overwrite downloads it again", name: name)
                        } else {
                            view.notice("already complete\(place) (download \(id)), skipped; --overwrite downloads it again", name: name)
                        }
                    } else if snapshot.destination.path != request.destinationPath {
                        tally.names[id.rawValue] = snapshot.name
                        view.notice("\(name) is taken; saving as \(snapshot.name)", name: name)
                    } else if let placed = Self.placedByRule(request) {
                        // A rule by name moved it before it started: say where, as a rule by type does when the
                        // response moves it (`saving as PATH`).
                        view.notice("saving as \(placed) (folder rule)", name: name)
                    }
                }
            } catch {
                let error = HaulError.wrap(error)
                if skipsTakenDestinations, error.kind == .fileExists || error.kind == .destinationInUse {
                    view.notice("skipped: \(error.message)", name: name)
                    tally.skipped += 1
                    continue
                }
                view.report(error, name: name)
                tally.failures.append((name, error))
                tally.refused += 1
            }
        }
    }

    /// Reads the rest of a list as the queue drains: a batch whenever the active downloads fall to the window's
    /// refill mark (`ListWindow`), nothing while the user holds the queue paused; the downloads whose end has been
    /// shown are let go of (`harvest`) at each end, so that what is kept is the window, whatever the list's length.
    func drain(_ feed: RequestFeed, manager: DownloadManager, view: SessionView, keys: Bool) async {
        var window = ListWindow(maxConcurrent: limits.maxConcurrent)
        view.setUnread(feed.remaining)
        while !quitRequested {
            if pausedByUser {
                await waitForResumeOrQuit()
                continue
            }
            await harvest(manager: manager, view: view)
            let active = await manager.activeCount
            let count = window.toRead(active: active, pausedByUser: pausedByUser)
            if count > 0 {
                let requests: [DownloadRequest]
                do { requests = try feed.next(count) } catch {
                    let error = HaulError.wrap(error)
                    view.report(error, name: "input list")
                    tally.failures.append(("input list", error))
                    break
                }
                window.read(asked: count, got: requests.count)
                await admit(requests, manager: manager, view: view)
                holding?.update(tally.ids, waitsWhenPaused: keys)
                view.setUnread(feed.remaining)
                continue
            }
            if window.isInputEnded { break }
            // Woken at the next end, not at the refill mark: what ended is let go of as it ends (`harvest` above),
            // so the ended downloads of a whole batch are not held until the refill.
            await manager.waitUntilActive(atMost: window.nextLook(active: active))
        }
        view.setUnread(0)
    }

    /// Lets go of the downloads whose end the view has shown: completed and failed ones are counted (and a
    /// completed archive unpacked) here, as the end of the run does for the others.
    func harvest(manager: DownloadManager, view: SessionView) async {
        let ended = view.takeEnded()
        guard !ended.isEmpty else { return }
        let released = await manager.release(ended.map(DownloadID.init(rawValue:)))
        guard !released.isEmpty else { return }
        for snapshot in released {
            let name = tally.names.removeValue(forKey: snapshot.id.rawValue) ?? snapshot.name
            tally.released += 1
            if snapshot.state == .completed {
                tally.completedReleased += 1
                if let extraction, let error = extract(snapshot.destination.path, extraction) {
                    view.report(error, name: name)
                    tally.failures.append((name, error))
                }
            } else {
                tally.failures.append((name, view.lastError(of: snapshot.id.rawValue) ?? HaulError(.internalError, snapshot.errorMessage ?? "failed")))
            }
        }
        let gone = Set(released.map(\.id.rawValue))
        tally.ids.removeAll { gone.contains($0) }
        view.forget(Array(gone))
    }
}
