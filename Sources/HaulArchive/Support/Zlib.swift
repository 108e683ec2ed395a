import HaulZlib

/// Updates a CRC-32 (the zip and gzip polynomial) with `bytes`, using the system zlib.
/// - Parameters:
///   - crc: The CRC so far; `0` to start.
///   - bytes: The next bytes.
/// - Returns: The CRC including `bytes`.
func crc32Update(_ crc: UInt32, _ bytes: UnsafeRawBufferPointer) -> UInt32 {
    guard var base = bytes.baseAddress?.assumingMemoryBound(to: Bytef.self) else { return crc }
    var remaining = bytes.count
    var value = uLong(crc)
    while remaining > 0 {
        let step = min(remaining, 1 << 30)
        value = crc32(value, base, uInt(step))
        base += step
        remaining -= step
    }
    return UInt32(truncatingIfNeeded: value)
}

/// The CRC-32 of two byte runs one after the other, from the CRC of each (zlib's `crc32_combine`).
/// - Parameters:
///   - first: The CRC of the first run.
///   - second: The CRC of the second run.
///   - secondLength: The length of the second run in bytes.
func crc32Combine(_ first: UInt32, _ second: UInt32, secondLength: UInt64) -> UInt32 {
    UInt32(truncatingIfNeeded: crc32_combine(uLong(first), uLong(second), .init(secondLength)))
}

/// A raw-deflate decompressor (no zlib or gzip wrapper), as zip entries store it.
///
/// The `z_stream` lives on the heap because zlib keeps a pointer back to it and checks it on every call.
final class Inflater {
    /// The outcome of one ``inflate(_:into:)`` step.
    enum Status {
        case progressed
        case streamEnd
        case needsInput
        case failed(String)
    }

    private let stream: UnsafeMutablePointer<z_stream>

    /// Creates a decompressor.
    /// - Throws: ``ZipError/Code/io`` when zlib cannot allocate its state.
    init() throws {
        stream = .allocate(capacity: 1)
        stream.initialize(to: z_stream())
        let result = inflateInit2_(stream, -MAX_WBITS, zlibVersion(), Int32(MemoryLayout<z_stream>.size))
        guard result == Z_OK else {
            stream.deallocate()
            throw ZipError(.io, "zlib inflateInit2 failed with \(result)")
        }
    }

    deinit {
        inflateEnd(stream)
        stream.deallocate()
    }

    /// Starts a new stream, keeping the allocated state.
    func reset() {
        inflateReset(stream)
    }

    /// Decompresses from `input` into `output`.
    /// - Parameters:
    ///   - input: Compressed bytes not yet consumed.
    ///   - output: Space for decompressed bytes.
    /// - Returns: How many input bytes were consumed, how many output bytes were produced, and the status.
    func inflate(
        _ input: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer
    )
        -> (consumed: Int, produced: Int, status: Status)
    {
        let inCount = min(input.count, Int(UInt32.max))
        let outCount = min(output.count, Int(UInt32.max))
        stream.pointee.next_in = UnsafeMutablePointer(mutating: input.baseAddress?.assumingMemoryBound(to: Bytef.self))
        stream.pointee.avail_in = uInt(inCount)
        stream.pointee.next_out = output.baseAddress?.assumingMemoryBound(to: Bytef.self)
        stream.pointee.avail_out = uInt(outCount)
        let result = HaulZlib.inflate(stream, Z_NO_FLUSH)
        let consumed = inCount - Int(stream.pointee.avail_in)
        let produced = outCount - Int(stream.pointee.avail_out)
        let status: Status
        switch result {
        case Z_OK: status = .progressed
        case Z_STREAM_END: status = .streamEnd
        case Z_BUF_ERROR: status = consumed == 0 && produced == 0 ? .needsInput : .progressed
        default:
            let message = stream.pointee.msg.map { String(cString: $0) } ?? "zlib error \(result)"
            status = .failed(message)
        }
        return (consumed, produced, status)
    }
}

/// A raw-deflate compressor (no zlib or gzip wrapper), as zip entries store it.
final class Deflater {
    private let stream: UnsafeMutablePointer<z_stream>

    /// Creates a compressor.
    /// - Parameter level: zlib level, 1 (fastest) to 9 (smallest); 6 is zlib's and Info-ZIP's default.
    /// - Throws: ``ZipError/Code/io`` when zlib rejects the level or cannot allocate its state.
    init(level: Int) throws {
        stream = .allocate(capacity: 1)
        stream.initialize(to: z_stream())
        let result = deflateInit2_(
            stream, Int32(level), Z_DEFLATED, -MAX_WBITS, 8, Z_DEFAULT_STRATEGY, zlibVersion(),
            Int32(MemoryLayout<z_stream>.size))
        guard result == Z_OK else {
            stream.deallocate()
            throw ZipError(.io, "zlib deflateInit2 failed with \(result) (level \(level))")
        }
    }

    deinit {
        deflateEnd(stream)
        stream.deallocate()
    }

    /// Starts a new stream, keeping the allocated state.
    func reset() {
        deflateReset(stream)
    }

    /// Compresses `input` into `output`; with `finish`, also flushes the end of the stream.
    /// - Parameters:
    ///   - input: Uncompressed bytes not yet consumed.
    ///   - output: Space for compressed bytes.
    ///   - finish: Whether `input` is the last of the data.
    /// - Returns: Bytes consumed and produced, and whether the stream is complete.
    func deflate(
        _ input: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer, finish: Bool
    )
        -> (consumed: Int, produced: Int, done: Bool)
    {
        let inCount = min(input.count, Int(UInt32.max))
        let outCount = min(output.count, Int(UInt32.max))
        stream.pointee.next_in = UnsafeMutablePointer(mutating: input.baseAddress?.assumingMemoryBound(to: Bytef.self))
        stream.pointee.avail_in = uInt(inCount)
        stream.pointee.next_out = output.baseAddress?.assumingMemoryBound(to: Bytef.self)
        stream.pointee.avail_out = uInt(outCount)
        let result = HaulZlib.deflate(stream, finish ? Z_FINISH : Z_NO_FLUSH)
        let consumed = inCount - Int(stream.pointee.avail_in)
        let produced = outCount - Int(stream.pointee.avail_out)
        return (consumed, produced, result == Z_STREAM_END)
    }
}
