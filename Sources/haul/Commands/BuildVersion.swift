import CHaulBuild
import HaulKit

/// What `haul --version` and `haul version` print: the version and the commit the binary was built from, as
/// `0.1.0 (commit 1bacfe5a0b2c)`, so that a report from a packaged binary names its exact source. The commit is
/// Package.swift's `buildCommit`: "unknown" unless the build was given HAUL_BUILD_COMMIT.
enum BuildVersion {
    static var commit: String { String(cString: haul_build_commit()) }
    static var line: String { "\(HaulVersion.string) (commit \(commit))" }
}
