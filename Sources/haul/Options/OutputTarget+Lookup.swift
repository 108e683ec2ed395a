import Foundation
import HaulCore

extension OutputTarget {
    /// What `-o output` names (`OutputTarget`), looked up on disk, as an absolute path: a relative one is below
    /// `directory` (`-d`, or the current directory). `haul get` and `haul add` read `-o` the same way.
    static func lookingUp(_ output: String, below directory: String, absolute: (String) -> String) -> OutputTarget {
        let path = absolute(output.hasPrefix("/") ? output : directory + "/" + output)
        var isDirectory: ObjCBool = false
        let existing = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
        switch OutputTarget(output, isExistingDirectory: existing) {
        case .file: return .file(path)
        case .directory: return .directory(path)
        }
    }
}
