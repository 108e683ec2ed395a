import Foundation
import HaulCore
import NIOConcurrencyHelpers

/// A program that hands out a fresh URL when a download's link expired (`haul --refresh-url-command`): the
/// `URLProvider` of a command line.
///
/// Run directly, never through a shell (like the hooks: nothing in a URL can become a command), with the command
/// split into words at spaces; single or double quotes keep a word together. The expired URL is in `HAUL_URL` and
/// the status in `HAUL_STATUS` (0 when the source gave no HTTP answer: refused, a name that does not resolve, TLS;
/// the program is asked then too, as the download's other source); the first line of its standard output is the fresh URL, and an empty output means
/// "no fresh link" (the download then fails as the status would have made it). A program that fails, prints
/// something other than an http or https URL, or runs past the timeout is an error the download fails with.
package struct RefreshURLCommand: Sendable {
    /// Why no URL came from the program.
    package struct Failure: Error, CustomStringConvertible {
        package let description: String
    }

    /// The program and its arguments.
    package let words: [String]
    /// Seconds the program may run before it is stopped.
    package let timeoutSeconds: Double

    /// Splits `command`; throws when it names no program.
    package init(_ command: String, timeoutSeconds: Double = 60) throws {
        words = Self.split(command)
        self.timeoutSeconds = timeoutSeconds
        guard !words.isEmpty else { throw Failure(description: "--refresh-url-command needs a program") }
    }

    /// The provider that runs the program.
    package var provider: URLProvider {
        { url, status in try await run(expired: url, status: status) }
    }

    /// Runs the program once and reads the fresh URL from its output.
    package func run(expired: URL, status: Int) async throws -> URL? {
        let name = words[0]
        guard let executable = HookProcess.resolve(name) else { throw Failure(description: "--refresh-url-command: no such program: \(name)") }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = Array(words.dropFirst())
        process.environment = ProcessInfo.processInfo.environment.merging(["HAUL_URL": expired.absoluteString, "HAUL_STATUS": "\(status)"]) { $1 }
        process.standardInput = FileHandle.nullDevice
        process.standardError = FileHandle.standardError
        let output = Pipe()
        process.standardOutput = output
        let ended = ProcessEnd()
        process.terminationHandler = { _ in ended.signal() }
        try process.run()
        let deadline = ProcessDeadline(process.processIdentifier, seconds: timeoutSeconds, ended: ended)
        let reader = OutputReader(output.fileHandleForReading)
        await ended.wait()
        deadline.cancel()
        let data = await reader.collected()
        if deadline.expired {
            throw Failure(description: "--refresh-url-command \(name) was stopped after \(Int(timeoutSeconds)) s")
        }
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            throw Failure(description: "--refresh-url-command \(name) exited with status \(process.terminationStatus)")
        }
        return try Self.url(fromOutput: data)
    }

    /// The first line of the output as a URL; nil when the output is empty.
    static func url(fromOutput data: Data) throws -> URL? {
        let text = String(decoding: data.prefix(64 << 10), as: UTF8.self)
        let line = text.split(whereSeparator: \.isNewline).first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
        if line.isEmpty { return nil }
        guard let url = DownloadURLRule.url(line) else {
            throw Failure(description: "--refresh-url-command printed a link Haul cannot fetch: " + (DownloadURLRule.refusal(of: line) ?? line))
        }
        return url
    }

    /// Words separated by spaces or tabs; quotes (single or double) keep spaces inside a word.
    package static func split(_ command: String) -> [String] {
        var words: [String] = []
        var word = ""
        var inWord = false
        var quote: Character?
        for character in command {
            if let open = quote {
                if character == open { quote = nil } else { word.append(character) }
            } else if character == "'" || character == "\"" {
                quote = character
                inWord = true
            } else if character == " " || character == "\t" {
                if inWord { words.append(word) }
                word = ""
                inWord = false
            } else {
                word.append(character)
                inWord = true
            }
        }
        if inWord { words.append(word) }
        return words
    }
}

/// Reads a program's standard output on a thread of its own (a blocking read must not hold one of the few
/// cooperative threads). Once the program ended, its output is taken at end of file, or after a second at most: a
/// child it left running may keep the pipe open for ever.
private final class OutputReader: Sendable {
    private let state = NIOLockedValueBox((data: Data(), done: false))

    init(_ handle: FileHandle) {
        DispatchQueue.global().async { [state] in
            while true {
                let chunk = handle.availableData
                if chunk.isEmpty { break }
                state.withLockedValue { $0.data.append(chunk) }
            }
            state.withLockedValue { $0.done = true }
        }
    }

    func collected() async -> Data {
        for _ in 0..<50 {
            if state.withLockedValue({ $0.done }) { break }
            try? await Task.sleep(nanoseconds: 20_000_000)
        }
        return state.withLockedValue { $0.data }
    }
}
