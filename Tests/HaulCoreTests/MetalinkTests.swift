import HaulCore
import XCTest

/// Metalink 4 (RFC 5854) read safely: sources by priority, the strongest hashes, piece hashes, and names that stay
/// inside the download directory; the XML reader refuses DTDs and entities and caps size, depth and count.
final class MetalinkTests: XCTestCase {
  private let sha256 = String(repeating: "ab", count: 32)
  private let sha1 = String(repeating: "cd", count: 20)

  private func parse(_ text: String) throws(Metalink.Failure) -> Metalink { try Metalink.parse(Array(text.utf8)) }

  private func refusal(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> String {
    do {
      _ = try parse(text)
      XCTFail("accepted", file: file, line: line)
      return ""
    } catch {
      return error.description
    }
  }

  private func document(_ files: String) -> String {
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <metalink xmlns="urn:ietf:params:xml:ns:metalink">
      <generator>test</generator>
    \(files)
    </metalink>
    """
  }

  func testAFileWithSourcesHashesAndPieces() throws {
    let metalink = try parse(document("""
      <file name="images/disk.iso">
        <size>2500</size>
        <hash type="sha-1">\(sha1)</hash>
        <hash type="sha-256">\(sha256.uppercased())</hash>
        <hash type="whirlpool">zz</hash>
        <pieces length="1000" type="sha-1">
          <hash>\(sha1)</hash><hash>\(sha1)</hash><hash>\(sha1)</hash>
        </pieces>
        <url location="de" priority="2">http://mirror-b.example/disk.iso</url>
        <url>https://mirror-c.example/disk.iso</url>
        <url priority="1">http://mirror-a.example/disk.iso</url>
        <url priority="1">ftp://old.example/disk.iso</url>
        <metaurl mediatype="torrent">http://t.example/disk.torrent</metaurl>
        <!-- a comment -->
      </file>
      """))
    let file = try XCTUnwrap(metalink.files.first)
    XCTAssertEqual(file.name, "images/disk.iso")
    XCTAssertEqual(file.size, 2500)
    XCTAssertEqual(file.hash?.checksum, "sha256=\(sha256)", "the strongest known hash, lowercased")
    XCTAssertEqual(file.pieces?.hashes.count, 3)
    XCTAssertEqual(file.pieces?.range(of: 2, size: 2500), 2000..<2500, "the last piece is shorter")
    XCTAssertEqual(file.sources.map(\.url), [
      "http://mirror-a.example/disk.iso", "http://mirror-b.example/disk.iso", "https://mirror-c.example/disk.iso",
    ], "by priority, none given means last")
    XCTAssertEqual(file.sources[1].location, "de")
    XCTAssertEqual(file.skippedSources, 2, "the ftp url and the torrent")
  }

  func testNamesThatWouldLeaveTheDirectoryAreRefused() {
    for name in ["/etc/passwd", "../up.iso", "a/../../b", "a//b", "./a", "a\\b", "", "a\u{1}b"] {
      let text = document("<file name=\"\(name)\"><url>http://a.example/x</url></file>")
      XCTAssertTrue(refusal(text).contains("file name"), name)
    }
    XCTAssertTrue(refusal(document("""
      <file name="a"><url>http://a.example/x</url></file><file name="a"><url>http://b.example/x</url></file>
      """)).contains("two files"))
  }

  func testBadNumbersAndHashesAreErrorsNotIgnored() {
    XCTAssertTrue(refusal(document("<file name=\"a\"><size>-1</size><url>http://a/x</url></file>")).contains("size"))
    XCTAssertTrue(refusal(document("<file name=\"a\"><hash type=\"sha-256\">abc</hash><url>http://a/x</url></file>")).contains("64 hex"))
    XCTAssertTrue(refusal(document("""
      <file name="a"><size>2500</size><pieces length="1000" type="sha-1"><hash>\(sha1)</hash></pieces><url>http://a/x</url></file>
      """)).contains("1 piece hashes for 3 pieces"))
    XCTAssertTrue(refusal(document("<file name=\"a\"><url priority=\"0\">http://a/x</url></file>")).contains("priority"))
    XCTAssertTrue(refusal(document("<file name=\"a\"><url>ftp://a/x</url></file>")).contains("no http or https source"))
    XCTAssertTrue(refusal(document("")).contains("no file"))
  }

  func testMetalink3AndOtherDocumentsAreNamed() {
    XCTAssertTrue(refusal("<metalink xmlns=\"http://www.metalinker.org/\" version=\"3.0\"><files/></metalink>").contains("Metalink 3"))
    XCTAssertTrue(refusal("<html><body/></html>").contains("root element is <html>"))
  }

  func testEntitiesAndDoctypesAreRefused() {
    let laughs = """
      <?xml version="1.0"?>
      <!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;">]>
      <metalink xmlns="urn:ietf:params:xml:ns:metalink"><file name="&lol2;"><url>http://a/x</url></file></metalink>
      """
    XCTAssertTrue(refusal(laughs).contains("DOCTYPE"))
    let external = """
      <!DOCTYPE m SYSTEM "file:///etc/passwd"><metalink><file name="a"><url>http://a/x</url></file></metalink>
      """
    XCTAssertTrue(refusal(external).contains("DOCTYPE"))
    XCTAssertTrue(refusal(document("<file name=\"&xxe;\"><url>http://a/x</url></file>")).contains("&xxe;"))
  }

  func testReferencesAndCDATAAreDecoded() throws {
    let metalink = try parse(document("""
      <file name="a&amp;b &#x263A;&#65;.iso"><url><![CDATA[http://a.example/x?a=1&b=2]]></url></file>
      """))
    XCTAssertEqual(metalink.files[0].name, "a&b \u{263A}A.iso")
    XCTAssertEqual(metalink.files[0].sources[0].url, "http://a.example/x?a=1&b=2")
  }

  func testTheReaderCapsSizeDepthAndCount() {
    let small = XMLScanner.Limits(bytes: 100, depth: 3, elements: 4)
    XCTAssertThrowsError(try XMLScanner.parse(Array(String(repeating: " ", count: 101).utf8), limits: small))
    XCTAssertThrowsError(try XMLScanner.parse(Array("<a><b><c><d/></c></b></a>".utf8), limits: small)) { error in
      XCTAssertTrue("\(error)".contains("deeper than 3"), "\(error)")
    }
    XCTAssertThrowsError(try XMLScanner.parse(Array("<a><b/><b/><b/><b/></a>".utf8), limits: small)) { error in
      XCTAssertTrue("\(error)".contains("more than 4 elements"), "\(error)")
    }
    XCTAssertNoThrow(try XMLScanner.parse(Array("<a><b/><b/><b/></a>".utf8), limits: small))
  }

  func testMalformedXMLIsRefusedWithWhere() {
    for text in ["<a><b></a>", "<a", "<a x=1/>", "<a>text", "<a/><b/>", "text", "<a x=\"<\"/>"] {
      XCTAssertThrowsError(try XMLScanner.parse(Array(text.utf8)), text) { error in
        XCTAssertTrue("\(error)".contains("at byte"), "\(error)")
      }
    }
  }

  func testNamespacePrefixesAreMatchedByLocalName() throws {
    let root = try XMLScanner.parse(Array("<ml:metalink xmlns:ml=\"urn:x\"><ml:file name='a'/></ml:metalink>".utf8))
    XCTAssertEqual(root.name, "metalink")
    XCTAssertEqual(root.child(named: "file")?.attributes["name"], "a")
  }
}
