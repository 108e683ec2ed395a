import Foundation
import HaulCore

extension Aria2Methods {
    /// Positional parameters, with errors that name the method and position.
    struct Parameters {
        let method: String
        let values: [JSONValue]

        func required(_ index: Int) throws(RPCError) -> JSONValue {
            guard index < values.count else { throw .invalidParams("\(method): parameter \(index + 1) is missing") }
            return values[index]
        }

        func optional(_ index: Int) -> JSONValue? {
            index < values.count ? values[index] : nil
        }

        func integer(_ index: Int) throws(RPCError) -> Int {
            guard let value = try required(index).intValue, let int = Int(exactly: value) else {
                throw .invalidParams("\(method): parameter \(index + 1) must be an integer")
            }
            return int
        }

        func string(_ index: Int) throws(RPCError) -> String {
            guard let value = try required(index).stringValue else {
                throw .invalidParams("\(method): parameter \(index + 1) must be a string")
            }
            return value
        }

        func object(_ index: Int) throws(RPCError) -> [String: JSONValue] {
            guard let value = try required(index).objectValue else {
                throw .invalidParams("\(method): parameter \(index + 1) must be a struct of options")
            }
            return value
        }

        /// aria2's optional `keys` array.
        func keys(_ index: Int) throws(RPCError) -> [String]? {
            guard let value = optional(index), value != .null else { return nil }
            guard let list = value.arrayValue, list.allSatisfy({ $0.stringValue != nil }) else {
                throw .invalidParams("\(method): keys must be an array of strings")
            }
            return list.compactMap(\.stringValue)
        }
    }
}

/// The typed commands, read from positional parameters: every check of a parameter's shape is made here, before the
/// service is asked, so that a malformed call changes nothing.
extension Aria2Methods.Parameters {
    /// A GID argument (a full GID or a unique prefix; the service looks it up).
    func gid(_ index: Int) throws(RPCError) -> String {
        guard let text = try required(index).stringValue else { throw .aria2("a GID (string) is required") }
        return text
    }

    /// `haul.resetHostBudgets([hosts])`: the hosts to forget, nil (every host) when absent or null.
    func hosts(_ index: Int) throws(RPCError) -> [String]? {
        guard let value = optional(index), value != .null else { return nil }
        guard let list = value.arrayValue, list.allSatisfy({ $0.stringValue != nil }) else {
            throw .invalidParams("\(method): hosts must be an array of strings (name:port, or a name)")
        }
        return list.compactMap(\.stringValue)
    }

    /// `aria2.addUri(uris[, options[, position]])`.
    func addURIs() throws(RPCError) -> AddURIs {
        guard let list = try required(0).arrayValue, let first = list.first?.stringValue else {
            throw .invalidParams("\(method): uris must be a non-empty array of strings")
        }
        guard let url = DownloadURLRule.url(first) else { throw .aria2(DownloadURLRule.refusal(of: first) ?? first) }
        // The first URI is the download; a mirror Haul does not download (`DownloadURLRule`) is left out.
        let mirrors = list.dropFirst().compactMap { $0.stringValue.flatMap(DownloadURLRule.url) }
        return AddURIs(uris: [url] + mirrors, options: try addOptions(1), position: try position(2))
    }

    /// `aria2.addMetalink(metalink[, options[, position]])`: the document travels as base64 text.
    func addMetalink() throws(RPCError) -> AddMetalink {
        guard let text = try required(0).stringValue else {
            throw .invalidParams("\(method): metalink must be the document's base64 text")
        }
        let limit = Aria2Service.maximumMetalinkBytes
        guard text.utf8.count <= (limit / 3 + 1) * 4 + 16, let data = Data(base64Encoded: text, options: .ignoreUnknownCharacters) else {
            throw .aria2("\(method): the metalink is not base64, or larger than \(limit >> 20) MiB")
        }
        return AddMetalink(document: data, options: try addOptions(1), position: try position(2))
    }

    /// `aria2.changeUri(gid, fileIndex, delUris, addUris[, position])`.
    func changeURIs() throws(RPCError) -> ChangeURIs {
        let (gid, fileIndex) = (try gid(0), try integer(1))
        guard let delete = try Self.strings(required(2)), let add = try Self.strings(required(3)) else {
            throw .invalidParams("\(method): delUris and addUris must be arrays of strings")
        }
        var position: Int?
        if let value = optional(4), value != .null {
            guard let int = value.intValue.flatMap({ Int(exactly: $0) }) else {
                throw .invalidParams("\(method): position must be an integer")
            }
            position = int
        }
        return ChangeURIs(gid: gid, fileIndex: fileIndex, delete: delete, add: add, position: position)
    }

    /// `aria2.changeOption(gid, options)`: `max-download-limit` is read; options never settable over RPC are refused
    /// (`Aria2Options.checkSettable`); the others are passed on for `Aria2FixedOptions.checkChange`.
    func changeDownloadOptions() throws(RPCError) -> ChangeDownloadOptions {
        var command = ChangeDownloadOptions(gid: try gid(0))
        for (name, value) in try object(1).sorted(by: { $0.key < $1.key }) {
            do throws(Aria2OptionError) {
                try Aria2Options.checkSettable(name)
                switch name {
                case "max-download-limit":
                    command.rateLimit = try Aria2Options.rate(name, value)
                default:
                    command.others[name] = value
                }
            } catch {
                throw .aria2(error.message)
            }
        }
        return command
    }

    /// The option struct of an add call, read leniently as aria2 does (`Aria2Options.parseAdd`).
    func addOptions(_ index: Int) throws(RPCError) -> Aria2AddOptions {
        let options = optional(index)
        if let options, options != .null, options.objectValue == nil {
            throw .invalidParams("\(method): options must be a struct")
        }
        do {
            return try Aria2Options.parseAdd(options?.objectValue ?? [:])
        } catch {
            throw .aria2(error.message)
        }
    }

    /// An add call's place in the waiting list: absent or null for the end, else an integer from 0.
    func position(_ index: Int) throws(RPCError) -> Int? {
        guard let value = optional(index), value != .null else { return nil }
        guard let position = value.intValue, position >= 0, let int = Int(exactly: position) else {
            throw .invalidParams("\(method): position must be an integer from 0")
        }
        return int
    }

    static func strings(_ value: JSONValue) -> [String]? {
        guard let list = value.arrayValue, list.allSatisfy({ $0.stringValue != nil }) else { return nil }
        return list.compactMap(\.stringValue)
    }
}
