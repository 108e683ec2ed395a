#ifndef CHAULSQLITE_H
#define CHAULSQLITE_H

/// Stops the SQLite connection `db` (a `sqlite3 *`) from checkpointing the write-ahead log and deleting it when it
/// is the last connection to close (SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE). `sqlite3_db_config` is variadic, which Swift
/// cannot call. Returns SQLite's result code (0 is SQLITE_OK).
int haul_sqlite_keep_wal_on_close(void *db);

/// The database's `PRAGMA user_version` read on the connection `db` (a `sqlite3 *`), or -1 when it cannot be read.
int haul_sqlite_user_version(void *db);

/// Sets up the connection `db` (a `sqlite3 *`) for write-ahead logging: the log checkpointed once it holds
/// `autocheckpoint` pages, `journal_mode = WAL` (stored in the file: for an existing store this reads it back) and
/// `synchronous = NORMAL`. Returns 0; SQLite's result code when a step fails (SQLITE_BUSY included); or -1 when
/// the journal mode did not become WAL.
int haul_sqlite_use_wal(void *db, int autocheckpoint);

/// Turns on foreign key enforcement for the connection `db` (a `sqlite3 *`), as `PRAGMA foreign_keys = ON` does
/// (SQLITE_DBCONFIG_ENABLE_FKEY). Returns 0; SQLite's result code when the call fails; or -1 when the setting did
/// not take.
int haul_sqlite_enable_foreign_keys(void *db);

/// Sets SQLite's soft limit on the heap memory of the whole process (`sqlite3_soft_heap_limit64`): past it, every
/// connection's page cache gives pages back before it takes new ones. `bytes` 0 is no limit, a negative number only
/// reads the limit. Returns the limit before the call.
long long haul_sqlite_limit_heap(long long bytes);

/// The heap memory SQLite holds in this process, in bytes (`sqlite3_memory_used`).
long long haul_sqlite_memory_used(void);

#endif
