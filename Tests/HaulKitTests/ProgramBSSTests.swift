import CHaulSystem
import XCTest

#if canImport(Glibc)
import Glibc
#endif

/// `haul_populate_bss`, which `haul` calls first in `main`: afterwards every page of the program's `.bss` is backed
/// (resident), so that no first write to one, once the threads run, replaces a shared zero page (a TLB shoot-down
/// across processors).
final class ProgramBSSTests: XCTestCase {
    func testEveryPageOfTheProgramsBSSIsResidentAfterwards() throws {
        #if os(Linux)
        var start: UInt = 0
        var end: UInt = 0
        XCTAssertEqual(haul_program_bss(&start, &end), 0, "the test program has a .bss")
        let page = UInt(sysconf(Int32(_SC_PAGESIZE)))
        XCTAssertEqual(start % page, 0)
        XCTAssertGreaterThan(end, start)
        let pages = Int((end - start) / page)
        func residentPages() -> Int {
            var vector = [UInt8](repeating: 0, count: pages)
            let result = vector.withUnsafeMutableBufferPointer {
                mincore(UnsafeMutableRawPointer(bitPattern: start), Int(end - start), $0.baseAddress)
            }
            XCTAssertEqual(result, 0, "mincore: errno \(errno)")
            return vector.filter { $0 & 1 == 1 }.count
        }
        haul_populate_bss()
        XCTAssertEqual(residentPages(), pages, "pages of .bss left without memory")
        #else
        throw XCTSkip("Linux only: elsewhere haul_populate_bss does nothing")
        #endif
    }
}
