// A test-less command line around HaulArchive, for Benchmarks/zip-bench.sh and Benchmarks/zip64-roundtrip.sh.
//
//   HaulZipBench extract [--pause-after-bytes N] ARCHIVE DESTINATION
//       --pause-after-bytes freezes the process once N bytes are written, so a test can kill it mid-extraction.
//   HaulZipBench create ARCHIVE [--store | --level N] PATH...
//   HaulZipBench zipfoundation-extract ARCHIVE DESTINATION   (ZIPFoundation's unzipItem, for comparison)
//   HaulZipBench sha256 FILE
import Foundation
import HaulArchive
import ZIPFoundation

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("HaulZipBench: \(message)\n".utf8))
    exit(1)
}

var arguments = Array(CommandLine.arguments.dropFirst())
guard let command = arguments.first else { fail("usage: extract|create|zipfoundation-extract|sha256 ...") }
arguments.removeFirst()
let start = Date()
do {
    switch command {
    case "extract":
        var pauseAfter: UInt64?
        if arguments.first == "--pause-after-bytes", arguments.count > 1 {
            pauseAfter = UInt64(arguments[1])
            arguments.removeFirst(2)
        }
        guard arguments.count == 2 else { fail("usage: extract [--pause-after-bytes N] ARCHIVE DESTINATION") }
        var progress: (@Sendable (ExtractionProgress) -> Void)?
        if let limit = pauseAfter {
            progress = { progress in
                guard progress.bytesWritten >= limit else { return }
                FileHandle.standardError.write(Data("paused at \(progress.bytesWritten) bytes\n".utf8))
                while true { sleep(60) }
            }
        }
        let summary = try ZipExtractor.extract(
            archive: URL(fileURLWithPath: arguments[0]), to: URL(fileURLWithPath: arguments[1]),
            limits: ExtractionLimits(maxTotalUncompressedBytes: 1 << 40), progress: progress)
        FileHandle.standardError.write(
            Data("extracted \(summary.fileCount) files, \(summary.bytesWritten) bytes\n".utf8))
    case "create":
        var compression = ZipCompression.deflate
        var positional: [String] = []
        var iterator = arguments.makeIterator()
        while let argument = iterator.next() {
            switch argument {
            case "--store": compression = .store
            case "--level":
                guard let level = iterator.next().flatMap(Int.init) else { fail("--level needs a number") }
                compression = .deflate(level: level)
            default: positional.append(argument)
            }
        }
        arguments = positional
        guard arguments.count >= 2 else { fail("usage: create ARCHIVE [--store | --level N] PATH...") }
        let summary = try ZipCreator.create(
            archive: URL(fileURLWithPath: arguments[0]),
            from: arguments.dropFirst().map { URL(fileURLWithPath: $0) }, compression: compression)
        FileHandle.standardError.write(
            Data("created \(summary.archiveBytes)-byte archive of \(summary.fileCount) files\n".utf8))
    case "zipfoundation-extract":
        guard arguments.count == 2 else { fail("usage: zipfoundation-extract ARCHIVE DESTINATION") }
        try FileManager.default.unzipItem(
            at: URL(fileURLWithPath: arguments[0]), to: URL(fileURLWithPath: arguments[1]))
    case "sha256":
        guard arguments.count == 1 else { fail("usage: sha256 FILE") }
        print(try checksumOfFile(atPath: arguments[0], algorithm: .sha256))
    default:
        fail("unknown command \(command)")
    }
} catch {
    fail("\(error)")
}
FileHandle.standardError.write(Data(String(format: "%.3f s\n", Date().timeIntervalSince(start)).utf8))
