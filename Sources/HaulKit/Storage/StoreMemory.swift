import CHaulSQLite

/// The memory the state database may hold in this process: SQLite's soft heap limit, process-wide.
///
/// `package`, not public: the limit is process-wide, so an app that set it would bound every SQLite database in its
/// process, not only Haul's. The `haul` tool sets it for `-i` lists, where it owns the process.
///
/// By default each connection's page cache may grow to about 2 MiB, and it does as the database grows: a `-i` list
/// of 20,000 files writes a 15 MiB database, so the cache filled, 0.1 KiB a URL up to 20,000 (docs/cli.md, "Long
/// lists"). Under the limit, SQLite takes a page back from a cache before it allocates another one; what is not
/// cached is read again from the file (the kernel's page cache, not this process's memory).
package enum StoreMemory {
    /// What `haul -i` sets: 1 MiB for all of SQLite's heap (its caches, statements and schema).
    package static let listLimit: Int64 = 1 << 20

    /// Sets the soft limit on SQLite's heap in this process to `bytes` (0: no limit) and returns the one before.
    @discardableResult
    package static func limit(toBytes bytes: Int64) -> Int64 {
        Int64(haul_sqlite_limit_heap(Int64(max(0, bytes))))
    }

    /// The limit in force (0: none).
    package static var currentLimit: Int64 { Int64(haul_sqlite_limit_heap(-1)) }

    /// The heap memory SQLite holds in this process now, in bytes.
    package static var used: Int64 { Int64(haul_sqlite_memory_used()) }
}
