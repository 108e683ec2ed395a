import Foundation
import HaulKit

extension DownloadSession {
    /// The path a folder rule sent `request` to by its name (`placedByFolderRules()`), when that moved it out of
    /// the directory it had; nil otherwise. Before, only a rule by type, applied when the response came, said
    /// where the file went (issue 60, point 9).
    static func placedByRule(_ request: DownloadRequest) -> String? {
        guard let fallback = request.folderRuleFallback else { return nil }
        let path = request.destinationPath
        guard let slash = path.lastIndex(of: "/") else { return nil }
        let parent = path[..<slash].isEmpty ? "/" : String(path[..<slash])
        return parent == fallback ? nil : path
    }
}
