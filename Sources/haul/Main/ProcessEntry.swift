import Dispatch
import Foundation

/// The process's entry: a synchronous `main` that runs `HaulCommand` in a task and keeps the main thread waiting
/// for it. An async `main` hands the main thread to `dispatch_main()`, whose `pthread_exit` unwinds it (looking up
/// each frame in `.eh_frame_hdr` and `.eh_frame`) before parking it in `sigsuspend`: about 0.6 MiB of the binary's
/// pages read for that once and resident for the rest of the run, a part of a split download's peak
/// (docs/transport.md, "Memory of a split https download"). Nothing of haul's runs on the main actor or the main
/// queue, which this waiting thread does not drain; signals reach Dispatch's sources as before (Dispatch's handler
/// passes one that lands on this thread on to its own).
@main
enum ProcessEntry {
    static func main() {
        HaulCommand.prepareProcess()
        let finished = DispatchSemaphore(value: 0)
        Task.detached {
            await HaulCommand.runProcess()
            finished.signal()
        }
        finished.wait()
        exit(ExitCodes.success)
    }
}
