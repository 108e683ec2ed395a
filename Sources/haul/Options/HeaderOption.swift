import Foundation
import HaulKit

extension DownloadRequest.Header {
    /// The header of an `-H 'Name: value'` option (`haul get`, `haul add`): the name before the first colon and
    /// the value after it, trimmed. The commands' `validate()` refuse a line without a colon.
    init(option line: String) {
        let colon = line.firstIndex(of: ":") ?? line.endIndex
        self.init(
            name: line[..<colon].trimmingCharacters(in: .whitespaces),
            value: colon == line.endIndex ? "" : line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        )
    }
}
