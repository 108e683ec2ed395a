/// Bytes of a response body as a carrier read them: Haul's own buffer type at the transport seam.
///
/// It names no dependency's type, so any carrier can make one without NIO (a URLSession carrier from `Data`):
/// - the direct client reads the socket straight into a `BodyStorage` it allocated and hands the bytes it read over
///   as `BodyBytes` (`BodyStorage.bytes(count:)`): no copy;
/// - AsyncHTTPClient's `ByteBuffer` is wrapped where it crosses the seam (`BodyBytes+NIO.swift`), holding the
///   buffer's storage rather than copying it (`withUnsafeReadableBytesWithStorageManagement`): no copy either;
/// - anything else is copied once (`init(copying:)`), as a fake or a `Data`-based carrier does.
///
/// Immutable once made: whoever made it writes no more into the memory it points at. That is why it may cross
/// threads (`Sendable`): the direct client's thread reads into storage nobody else holds yet, then hands it over; a
/// `ByteBuffer` whose storage is held here copies before any later write (NIO's copy-on-write sees the extra
/// reference). Slices (`prefix(_:)`) share the same memory.
struct BodyBytes: @unchecked Sendable {
    /// Keeps `base` alive: a `BodyStorage`, a `ByteBuffer`'s storage, or `nil` for no bytes.
    private let owner: AnyObject?
    private let base: UnsafeRawPointer?
    /// How many bytes it holds.
    let count: Int

    /// No bytes.
    init() {
        owner = nil
        base = nil
        count = 0
    }

    /// `count` bytes at `base`, kept alive by `owner`, which nobody writes to any more.
    init(owner: AnyObject, base: UnsafeRawPointer?, count: Int) {
        precondition(count == 0 || base != nil, "bytes need an address")
        self.owner = count == 0 ? nil : owner
        self.base = count == 0 ? nil : base
        self.count = count
    }

    /// A copy of `bytes`, in storage of its own.
    init(copying bytes: some Sequence<UInt8>) {
        let array = Array(bytes)
        guard !array.isEmpty else {
            self.init()
            return
        }
        let storage = BodyStorage(capacity: array.count)
        array.withUnsafeBytes { storage.memory.copyMemory(from: $0) }
        self = storage.bytes(count: array.count)
    }

    /// Calls `body` with the bytes, valid during the call only.
    func withUnsafeBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        try withExtendedLifetime(owner) { try body(UnsafeRawBufferPointer(start: base, count: count)) }
    }

    /// Its first `length` bytes, sharing the memory.
    func prefix(_ length: Int) -> BodyBytes {
        let length = max(0, min(length, count))
        guard length > 0, let owner else { return BodyBytes() }
        return BodyBytes(owner: owner, base: base, count: length)
    }

    /// The bytes, copied out.
    var array: [UInt8] { withUnsafeBytes { Array($0) } }
}

/// Memory a carrier reads a body into, handed over as `BodyBytes` once filled: allocated per read, freed when the
/// last `BodyBytes` of it is gone.
final class BodyStorage: @unchecked Sendable {
    /// The memory: write into it, then hand it over with `bytes(count:)` and write no more.
    let memory: UnsafeMutableRawBufferPointer

    init(capacity: Int) {
        memory = UnsafeMutableRawBufferPointer.allocate(byteCount: max(capacity, 1), alignment: 16)
    }

    deinit { memory.deallocate() }

    /// Its first `count` bytes, handed over: nothing writes to the storage after this.
    func bytes(count: Int) -> BodyBytes {
        precondition(count <= memory.count)
        return BodyBytes(owner: self, base: UnsafeRawPointer(memory.baseAddress), count: count)
    }
}
