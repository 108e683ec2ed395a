import Foundation
import HaulCore
import NIOConcurrencyHelpers

/// Runs hook programs and sends web hooks, never holding up a download: every call starts its own task and
/// returns at once. A hook that fails, times out or cannot be started is reported through `log` and changes
/// nothing about its download. ``finish()`` waits for the hooks still running (each bounded by its timeout).
package final class HookRunner: Sendable {
    package let configuration: HookConfiguration
    private let log: @Sendable (String) -> Void
    private let running = RunningHooks()
    /// The time a hook's timeout and a web hook's retry pauses run on (the system's; a test moves its own).
    private let clock: EngineClock

    /// - Parameters:
    ///   - configuration: the hooks.
    ///   - log: where failures are told (a line without a trailing newline). Hook output itself goes to standard
    ///     error, not standard output, which may carry `haul`'s JSON progress.
    package convenience init(configuration: HookConfiguration, log: @escaping @Sendable (String) -> Void) {
        self.init(configuration: configuration, clock: .system, log: log)
    }

    init(configuration: HookConfiguration, clock: EngineClock, log: @escaping @Sendable (String) -> Void) {
        self.configuration = configuration
        self.clock = clock
        self.log = log
    }

    /// Starts the hooks for one event; a web hook is posted through `transport`, the one the downloads use, so
    /// `--proxy`, `--cacert`, `--insecure` and the pool apply to it as to them.
    func fire(_ facts: HookFacts, through transport: any Transport) {
        if let command = configuration.commands[facts.event] {
            let timeout = configuration.timeoutSeconds
            let log = self.log, clock = self.clock
            running.add(Task.detached { await HookProcess.run(command, facts: facts, timeout: timeout, clock: clock, log: log) })
        }
        if let webhook = configuration.webhook {
            let retry = configuration.webhookRetry
            let log = self.log, clock = self.clock
            running.add(Task.detached {
                await Webhook.post(facts, to: webhook, through: transport, retry: retry, clock: clock, log: log)
            })
        }
    }

    /// Waits until every hook started so far has ended.
    package func finish() async {
        for task in running.take() { await task.value }
    }
}

/// The tasks of hooks still running.
private final class RunningHooks: Sendable {
    private let tasks = NIOLockedValueBox<[Task<Void, Never>]>([])
    func add(_ task: Task<Void, Never>) { tasks.withLockedValue { $0.append(task) } }
    func take() -> [Task<Void, Never>] { tasks.withLockedValue { let all = $0; $0 = []; return all } }
}

/// One hook program run.
enum HookProcess {
    /// Runs `command` with aria2's arguments and the facts in its environment, stopping it after `timeout` seconds.
    /// Waits without holding a thread: the end of the process resumes a continuation.
    static func run(
        _ command: String, facts: HookFacts, timeout: Double, clock: EngineClock = .system, log: @Sendable (String) -> Void
    ) async {
        let name = "--\(facts.event.optionName) \(command)"
        guard let executable = resolve(command) else {
            log("hook \(name): no such program")
            return
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = facts.arguments
        process.environment = ProcessInfo.processInfo.environment.merging(facts.environment) { $1 }
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.standardError
        process.standardError = FileHandle.standardError
        let ended = ProcessEnd()
        process.terminationHandler = { _ in ended.signal() }
        do {
            try process.run()
        } catch {
            log("hook \(name) could not be started: \(error.localizedDescription)")
            return
        }
        let deadline = ProcessDeadline(process.processIdentifier, seconds: timeout, ended: ended, clock: clock)
        await ended.wait()
        deadline.cancel()
        if deadline.expired {
            log("hook \(name) was stopped after \(Int(timeout)) s")
        } else if process.terminationReason == .uncaughtSignal {
            log("hook \(name) was killed by signal \(process.terminationStatus)")
        } else if process.terminationStatus != 0 {
            log("hook \(name) exited with status \(process.terminationStatus)")
        }
    }

    /// A path (with a `/`) as given; a bare name searched in `PATH`, as `execvp` does.
    static func resolve(_ command: String) -> String? {
        if command.contains("/") {
            return FileManager.default.isExecutableFile(atPath: command) ? command : nil
        }
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            let candidate = "\(directory)/\(command)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }
}

/// A one-shot signal that a process ended, awaited without blocking a thread.
final class ProcessEnd: Sendable {
    private enum State { case waiting(CheckedContinuation<Void, Never>?), ended }
    private let state = NIOLockedValueBox(State.waiting(nil))

    func signal() {
        let waiter: CheckedContinuation<Void, Never>? = state.withLockedValue { state in
            var continuation: CheckedContinuation<Void, Never>?
            if case .waiting(let waiting) = state { continuation = waiting }
            state = .ended
            return continuation
        }
        waiter?.resume()
    }

    func wait() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let ended: Bool = state.withLockedValue {
                if case .ended = $0 { return true }
                $0 = .waiting(continuation)
                return false
            }
            if ended { continuation.resume() }
        }
    }
}

/// Stops a program that outlives its time (hooks, `--refresh-url-command`): `SIGTERM` at the deadline, `SIGKILL`
/// two seconds later, and half a second after that the wait for its end is released, because Foundation notices an
/// exit only once every process holding its status pipe has ended, a child the program left behind included.
final class ProcessDeadline: Sendable {
    private let timer: Task<Void, Error>
    private let passed: NIOLockedValueBox<Bool>

    /// - Parameter clock: the time the deadline and the steps after it are waited on.
    init(_ pid: Int32, seconds: Double, ended: ProcessEnd, clock: EngineClock = .system) {
        let passed = NIOLockedValueBox(false)
        self.passed = passed
        timer = Task {
            try await clock.sleep(seconds: seconds)
            passed.withLockedValue { $0 = true }
            kill(pid, SIGTERM)
            try await clock.sleep(seconds: 2)
            kill(pid, SIGKILL)
            try await clock.sleep(seconds: 0.5)
            ended.signal()
        }
    }

    /// Whether the deadline passed and the program was stopped.
    var expired: Bool { passed.withLockedValue { $0 } }

    /// The program ended in time (or its end was awaited): no signal will be sent.
    func cancel() { timer.cancel() }
}

/// One web hook delivery.
enum Webhook {
    /// POSTs `facts` as JSON through `transport`, trying again as `retry` says; each attempt may take 30 s.
    static func post(
        _ facts: HookFacts, to url: URL, through transport: any Transport, retry: WebhookRetry,
        clock: EngineClock = .system, log: @Sendable (String) -> Void
    ) async {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let body = try? encoder.encode(facts) else { return }
        let fields = [HeaderField(name: "Content-Type", value: "application/json"), HeaderField(name: "User-Agent", value: "haul")]
        var attempt = 1
        while true {
            var status: Int?
            var failure = ""
            do {
                let answer = try await transport.post(url, body: Array(body), fields: fields, timeout: .seconds(30))
                status = answer
                failure = "HTTP \(answer)"
            } catch let error as HaulError {
                failure = error.message
            } catch {
                failure = "\(error)"
            }
            guard let delay = retry.delay(after: attempt, status: status) else {
                if let status, (200..<300).contains(status) { return }
                log("web hook \(safe(url)) for \(facts.event.rawValue) failed after \(attempt) attempt\(attempt == 1 ? "" : "s"): \(failure)")
                return
            }
            attempt += 1
            try? await clock.sleep(seconds: delay)
        }
    }

    /// The URL without its query or credentials, for logs (a chat endpoint's token is often in the path's query).
    static func safe(_ url: URL) -> String {
        var components = URLComponents(url: url, resolvingAgainstBaseURL: false)
        components?.user = nil
        components?.password = nil
        components?.query = nil
        return components?.string ?? "(web hook)"
    }
}
