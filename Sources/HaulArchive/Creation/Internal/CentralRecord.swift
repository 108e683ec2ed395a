/// What the central directory needs to know about an entry once its data is written.
struct CentralRecord {
    var name: [UInt8]
    var flags: UInt16
    var method: UInt16
    var dosTime: DosDateTime
    var unixTime: Int32?
    var crc32: UInt32
    var compressedSize: UInt64
    var uncompressedSize: UInt64
    var localHeaderOffset: UInt64
    var externalAttributes: UInt32

    private static let sentinel32 = UInt64(UInt32.max)

    /// The central directory record, with a zip64 field for whatever exceeds 32 bits.
    var bytes: [UInt8] {
        var zip64 = ByteWriter()
        if uncompressedSize >= Self.sentinel32 { zip64.u64(uncompressedSize) }
        if compressedSize >= Self.sentinel32 { zip64.u64(compressedSize) }
        if localHeaderOffset >= Self.sentinel32 { zip64.u64(localHeaderOffset) }
        var extra = ByteWriter()
        if !zip64.bytes.isEmpty {
            extra.u16(ZipFormat.zip64ExtraID)
            extra.u16(UInt16(zip64.bytes.count))
            extra.append(zip64.bytes)
        }
        if let unixTime { extra.append(Self.timestampField(unixTime)) }

        var out = ByteWriter(capacity: ZipFormat.centralHeaderSize + name.count + extra.bytes.count)
        out.u32(ZipFormat.centralHeaderSignature)
        out.u16(ZipFormat.versionMadeByUnix)
        out.u16(zip64.bytes.isEmpty ? ZipFormat.versionNeededDefault : ZipFormat.versionNeededZip64)
        out.u16(flags)
        out.u16(method)
        out.u16(dosTime.time)
        out.u16(dosTime.date)
        out.u32(crc32)
        out.u32(UInt32(min(compressedSize, Self.sentinel32)))
        out.u32(UInt32(min(uncompressedSize, Self.sentinel32)))
        out.u16(UInt16(name.count))
        out.u16(UInt16(extra.bytes.count))
        out.u16(0)  // comment length
        out.u16(0)  // disk number
        out.u16(0)  // internal attributes
        out.u32(externalAttributes)
        out.u32(UInt32(min(localHeaderOffset, Self.sentinel32)))
        out.append(name)
        out.append(extra.bytes)
        return out.bytes
    }

    /// An extended-timestamp extra field holding the modification time.
    static func timestampField(_ time: Int32) -> [UInt8] {
        var field = ByteWriter()
        field.u16(ZipFormat.extendedTimestampExtraID)
        field.u16(5)
        field.u8(1)
        field.u32(UInt32(bitPattern: time))
        return field.bytes
    }

    /// The end records: zip64 ones when the entry count, the directory size or its offset need them.
    /// - Parameters:
    ///   - entryCount: Entries in the central directory.
    ///   - directoryOffset: Where the central directory starts.
    ///   - directorySize: Its length; the zip64 record, if any, follows it.
    /// - Returns: The bytes that end the archive.
    static func endRecords(entryCount: UInt64, directoryOffset: UInt64, directorySize: UInt64) -> [UInt8] {
        var out = ByteWriter()
        let needsZip64 =
            entryCount >= UInt64(UInt16.max) || directorySize >= sentinel32
            || directoryOffset >= sentinel32
        if needsZip64 {
            let recordOffset = directoryOffset + directorySize
            out.u32(ZipFormat.zip64EndRecordSignature)
            out.u64(UInt64(ZipFormat.zip64EndRecordSize - 12))
            out.u16(ZipFormat.versionMadeByUnix)
            out.u16(ZipFormat.versionNeededZip64)
            out.u32(0)
            out.u32(0)
            out.u64(entryCount)
            out.u64(entryCount)
            out.u64(directorySize)
            out.u64(directoryOffset)
            out.u32(ZipFormat.zip64LocatorSignature)
            out.u32(0)
            out.u64(recordOffset)
            out.u32(1)
        }
        out.u32(ZipFormat.endRecordSignature)
        out.u16(0)
        out.u16(0)
        out.u16(UInt16(min(entryCount, UInt64(UInt16.max))))
        out.u16(UInt16(min(entryCount, UInt64(UInt16.max))))
        out.u32(UInt32(min(directorySize, sentinel32)))
        out.u32(UInt32(min(directoryOffset, sentinel32)))
        out.u16(0)
        return out.bytes
    }
}
