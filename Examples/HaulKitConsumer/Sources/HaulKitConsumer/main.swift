// A stranger's program using HaulKit: it compiles the documented examples with `import HaulKit` alone, and, given a
// server, runs the six programs of issue #57 against it (download with progress, pause and resume, a queue of five
// with two at once, checksums, fetch into memory, misuse). `.ci/run` starts `serve.py` and runs it; any program
// that does not do what the documentation says exits non-zero.
//
//     HaulKitConsumer                    prints that the examples compiled
//     HaulKitConsumer BASE-URL FOLDER    runs the programs: BASE-URL serves test ("test"), slow/big.bin (2 MiB)
//                                        and slow/f0.bin ... slow/f4.bin (256 KiB each); FOLDER is an empty directory
import Foundation
import HaulKit

let arguments = CommandLine.arguments.dropFirst()
guard arguments.count == 2, let base = URL(string: arguments.first!) else {
    print("HaulKitConsumer: \(GettingStartedExamples.self) and \(ReadmeExamples.self) compile with `import HaulKit` alone")
    exit(0)
}
let folder = URL(fileURLWithPath: arguments.last!, isDirectory: true)
var failures = 0
for program in Programs.all {
    let started = ContinuousClock.now
    do {
        try await program.run(base, folder.appendingPathComponent(program.name))
        print("ok   \(program.name) (\(ContinuousClock.now - started))")
    } catch {
        failures += 1
        print("FAIL \(program.name): \(error.localizedDescription)")
    }
}
print(failures == 0 ? "HaulKitConsumer: all \(Programs.all.count) programs ran" : "HaulKitConsumer: \(failures) failed")
exit(failures == 0 ? 0 : 1)
