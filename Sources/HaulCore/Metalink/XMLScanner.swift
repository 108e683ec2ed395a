/// A small XML reader for documents such as Metalink that never need a DTD, written so that hostile input costs
/// nothing but a clear error.
///
/// Why not Foundation's `XMLParser`: on Linux it is FoundationXML over libxml2, a second copy of a large C parser
/// whose entity handling (external entities, "billion laughs" expansion) is governed by flags and library versions
/// Haul does not control. A Metalink file needs elements, attributes, text, comments and CDATA; so this reader:
/// - refuses any `<!DOCTYPE` (hence every entity declaration, internal or external) instead of ignoring it;
/// - knows only the five predefined entities and character references, so nothing expands beyond its own size;
/// - caps the document (``Limits/bytes``), the nesting depth and the number of elements, so neither memory nor
///   time grows with a crafted file;
/// - checks that every end tag closes the element it should.
/// Namespaces are not resolved: element names are matched by their local part (after any `prefix:`), which is
/// what a reader of one known vocabulary needs.
public struct XMLScanner: Sendable {
    /// How large a document may be.
    public struct Limits: Sendable, Equatable {
        /// The most bytes in the document.
        public var bytes: Int
        /// The deepest nesting of elements.
        public var depth: Int
        /// The most elements in all.
        public var elements: Int

        /// 4 MiB, 32 levels, 200,000 elements: a Metalink of a thousand files with a thousand piece hashes each
        /// fits, and reading the largest takes milliseconds.
        public static let standard = Limits(bytes: 4 << 20, depth: 32, elements: 200_000)

        public init(bytes: Int, depth: Int, elements: Int) {
            self.bytes = bytes
            self.depth = depth
            self.elements = elements
        }
    }

    /// One element, its attributes, its text (the concatenated character data directly inside it) and children.
    public struct Element: Sendable, Equatable {
        /// The local name (without a namespace prefix).
        public var name: String
        /// Attributes by local name, values with references replaced.
        public var attributes: [String: String]
        /// The text directly inside, with references replaced (not trimmed).
        public var text: String
        /// The child elements, in order.
        public var children: [Element]

        /// The children named `name`.
        public func children(named name: String) -> [Element] { children.filter { $0.name == name } }
        /// The first child named `name`.
        public func child(named name: String) -> Element? { children.first { $0.name == name } }
    }

    /// Why a document was refused; `offset` is the byte where the problem was found.
    public struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
        public let reason: String
        public let offset: Int
        public var description: String { "\(reason) (at byte \(offset))" }
    }

    /// Reads `bytes` (UTF-8) into its root element.
    public static func parse(_ bytes: [UInt8], limits: Limits = .standard) throws(Failure) -> Element {
        guard bytes.count <= limits.bytes else {
            throw Failure(reason: "the document is larger than \(limits.bytes) bytes", offset: limits.bytes)
        }
        var scanner = Cursor(bytes: bytes, limits: limits)
        return try scanner.document()
    }

    private struct Cursor {
        let bytes: [UInt8]
        let limits: Limits
        var index = 0
        var elementCount = 0

        init(bytes: [UInt8], limits: Limits) {
            self.bytes = bytes
            self.limits = limits
            // A UTF-8 byte order mark is allowed before the prolog.
            if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
        }

        func fail(_ reason: String) -> Failure { Failure(reason: reason, offset: index) }

        mutating func document() throws(Failure) -> Element {
            var root: Element?
            while true {
                skipWhitespace()
                if index >= bytes.count { break }
                if starts("<?") {
                    try skip(past: "?>", what: "processing instruction")
                } else if starts("<!--") {
                    try skip(past: "-->", what: "comment")
                } else if starts("<!") {
                    throw fail("a DOCTYPE or other declaration is not allowed (no entities, internal or external)")
                } else if starts("<") {
                    guard root == nil else { throw fail("a second root element") }
                    root = try element(depth: 1)
                } else {
                    throw fail("text outside the root element")
                }
            }
            guard let root else { throw fail("no root element") }
            return root
        }

        mutating func element(depth: Int) throws(Failure) -> Element {
            guard depth <= limits.depth else { throw fail("elements nested deeper than \(limits.depth)") }
            elementCount += 1
            guard elementCount <= limits.elements else { throw fail("more than \(limits.elements) elements") }
            index += 1  // "<"
            let qualified = try name()
            var element = Element(name: localName(qualified), attributes: [:], text: "", children: [])
            while true {
                skipWhitespace()
                guard index < bytes.count else { throw fail("the document ends inside <\(qualified)>") }
                if starts("/>") {
                    index += 2
                    return element
                }
                if bytes[index] == UInt8(ascii: ">") {
                    index += 1
                    break
                }
                let attribute = try name()
                skipWhitespace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: "=") else { throw fail("attribute \(attribute) has no value") }
                index += 1
                skipWhitespace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") else {
                    throw fail("attribute \(attribute)'s value is not quoted")
                }
                let quote = bytes[index]
                index += 1
                let start = index
                while index < bytes.count, bytes[index] != quote {
                    if bytes[index] == UInt8(ascii: "<") { throw fail("'<' inside an attribute value") }
                    index += 1
                }
                guard index < bytes.count else { throw fail("the document ends inside an attribute value") }
                element.attributes[localName(attribute)] = try decodeReferences(start..<index)
                index += 1
            }
            while true {
                guard index < bytes.count else { throw fail("<\(qualified)> is never closed") }
                if starts("</") {
                    index += 2
                    let closing = try name()
                    skipWhitespace()
                    guard closing == qualified, index < bytes.count, bytes[index] == UInt8(ascii: ">") else {
                        throw fail("</\(closing)> does not close <\(qualified)>")
                    }
                    index += 1
                    return element
                } else if starts("<!--") {
                    try skip(past: "-->", what: "comment")
                } else if starts("<![CDATA[") {
                    index += 9
                    let start = index
                    try skip(past: "]]>", what: "CDATA section")
                    element.text += String(decoding: bytes[start..<(index - 3)], as: UTF8.self)
                } else if starts("<?") {
                    try skip(past: "?>", what: "processing instruction")
                } else if starts("<!") {
                    throw fail("a declaration inside an element")
                } else if bytes[index] == UInt8(ascii: "<") {
                    element.children.append(try self.element(depth: depth + 1))
                } else {
                    let start = index
                    while index < bytes.count, bytes[index] != UInt8(ascii: "<") { index += 1 }
                    element.text += try decodeReferences(start..<index)
                }
            }
        }

        mutating func name() throws(Failure) -> String {
            let start = index
            while index < bytes.count {
                let byte = bytes[index]
                let isNameByte = byte >= 0x80 || (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
                    || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z")) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
                    || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ":") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
                guard isNameByte else { break }
                index += 1
            }
            guard index > start else { throw fail("a name was expected") }
            return String(decoding: bytes[start..<index], as: UTF8.self)
        }

        func localName(_ qualified: String) -> String {
            guard let colon = qualified.lastIndex(of: ":") else { return qualified }
            return String(qualified[qualified.index(after: colon)...])
        }

        /// The text of `range` with `&lt;` `&gt;` `&amp;` `&quot;` `&apos;` and `&#N;` / `&#xH;` replaced; any other
        /// `&name;` is an error (no entity can have been declared).
        func decodeReferences(_ range: Range<Int>) throws(Failure) -> String {
            guard bytes[range].contains(UInt8(ascii: "&")) else { return String(decoding: bytes[range], as: UTF8.self) }
            var out: [UInt8] = []
            out.reserveCapacity(range.count)
            var i = range.lowerBound
            while i < range.upperBound {
                guard bytes[i] == UInt8(ascii: "&") else {
                    out.append(bytes[i])
                    i += 1
                    continue
                }
                guard let semicolon = bytes[i..<range.upperBound].firstIndex(of: UInt8(ascii: ";")), semicolon - i <= 10 else {
                    throw Failure(reason: "an '&' that starts no reference", offset: i)
                }
                let reference = String(decoding: bytes[(i + 1)..<semicolon], as: UTF8.self)
                switch reference {
                case "lt": out.append(UInt8(ascii: "<"))
                case "gt": out.append(UInt8(ascii: ">"))
                case "amp": out.append(UInt8(ascii: "&"))
                case "quot": out.append(UInt8(ascii: "\""))
                case "apos": out.append(UInt8(ascii: "'"))
                default:
                    let scalar: Unicode.Scalar?
                    if reference.hasPrefix("#x") || reference.hasPrefix("#X") {
                        scalar = UInt32(reference.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init)
                    } else if reference.hasPrefix("#") {
                        scalar = UInt32(reference.dropFirst()).flatMap(Unicode.Scalar.init)
                    } else {
                        throw Failure(reason: "the entity &\(reference); is not one of XML's five (no DTD is read)", offset: i)
                    }
                    guard let scalar, scalar.value != 0 else { throw Failure(reason: "a bad character reference &\(reference);", offset: i) }
                    out.append(contentsOf: Array(String(Character(scalar)).utf8))
                }
                i = semicolon + 1
            }
            return String(decoding: out, as: UTF8.self)
        }

        func starts(_ text: StaticString) -> Bool {
            let count = text.utf8CodeUnitCount
            guard index + count <= bytes.count else { return false }
            return text.withUTF8Buffer { prefix in
                for offset in 0..<count where bytes[index + offset] != prefix[offset] { return false }
                return true
            }
        }

        mutating func skip(past terminator: StaticString, what: String) throws(Failure) {
            let count = terminator.utf8CodeUnitCount
            while index + count <= bytes.count {
                if starts(terminator) {
                    index += count
                    return
                }
                index += 1
            }
            throw fail("the document ends inside a \(what)")
        }

        mutating func skipWhitespace() {
            while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
        }
    }
}
