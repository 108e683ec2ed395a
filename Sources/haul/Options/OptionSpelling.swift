import ArgumentParser

/// The names of an option that the quick reading of `haul URL` reads too (`QuickDownloadArguments`), written once:
/// the option's declaration takes ``names`` from here, and the quick reading ``spellings`` and ``joinsShortValue``,
/// so that it cannot take a spelling the declaration does not, or miss one it does (issue #52, point 1).
///
/// Plain strings rather than a look at ArgumentParser's model: reading that model is what the quick reading saves.
struct OptionSpelling: Sendable {
    /// The one-letter name, if any.
    var short: Character?
    /// Whether the short name takes its value joined (`-x16`), as aria2c and curl do.
    var joinsShortValue = false
    /// The long names, the first the one help lists it by.
    var long: [String]

    /// What the declaration is given: the short name first, as `--help` lists them.
    var names: NameSpecification {
        NameSpecification((short.map { [.customShort($0, allowingJoined: joinsShortValue)] } ?? []) + long.map { .customLong($0) })
    }

    /// Every way the option is typed before its value: `-x`, `--connections`.
    var spellings: [String] { (short.map { ["-\($0)"] } ?? []) + long.map { "--" + $0 } }

    static let quiet = OptionSpelling(short: "q", long: ["quiet"])
    static let progress = OptionSpelling(long: ["progress"])
    static let output = OptionSpelling(short: "o", joinsShortValue: true, long: ["output"])
    static let directory = OptionSpelling(short: "d", joinsShortValue: true, long: ["dir", "output-dir"])
    static let connections = OptionSpelling(short: "x", joinsShortValue: true, long: ["connections"])
    static let maxConcurrent = OptionSpelling(short: "j", joinsShortValue: true, long: ["max-concurrent"])
    static let inputFile = OptionSpelling(short: "i", joinsShortValue: true, long: ["input-file"])
    static let stateDirectory = OptionSpelling(long: ["state-dir"])
    static let certificates = OptionSpelling(long: ["cacert"])
    static let limitRate = OptionSpelling(long: ["limit-rate"])
    static let overwrite = OptionSpelling(long: ["overwrite"])
    static let continueFlag = OptionSpelling(short: "c", long: ["continue"])
}
