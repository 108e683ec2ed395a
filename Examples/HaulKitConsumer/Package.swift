// swift-tools-version:6.0
import PackageDescription

/// A package that uses HaulKit the way a stranger's would: by path, through the `HaulKit` product alone. It compiles
/// docs/library.md's and the DocC article's examples (the very files `Tests/HaulKitDocTests` checks against the
/// documents, linked here), so an API a user cannot reach with `import HaulKit` fails this build. `.ci/run` builds it
/// and runs it against `serve.py`: six programs that use the public API as the documentation says (main.swift).
let package = Package(
    name: "HaulKitConsumer",
    platforms: [.macOS(.v13), .iOS(.v16)],
    dependencies: [.package(name: "Haul", path: "../..")],
    targets: [
        .executableTarget(
            name: "HaulKitConsumer",
            dependencies: [.product(name: "HaulKit", package: "Haul")]
        ),
    ]
)
