// Compiles the documented examples with `import HaulKit` alone; running it prints what it would show and exits
// (the examples reach for example.com, so they are compiled, not called).
import HaulKit

print("HaulKitConsumer: \(GettingStartedExamples.self) and \(ReadmeExamples.self) compile with `import HaulKit` alone")
