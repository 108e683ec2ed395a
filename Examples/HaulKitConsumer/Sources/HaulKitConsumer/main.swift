// Compiles the documented examples with `import HaulKit` alone. Running it prints what it would show and exits:
// docs/library.md's examples take the URL and folder they work on, and `Tests/HaulKitDocTests`
// (`LibraryPageExampleRunTests`) runs them against a local server; the article's reach for example.com.
import HaulKit

print("HaulKitConsumer: \(GettingStartedExamples.self) and \(ReadmeExamples.self) compile with `import HaulKit` alone")
