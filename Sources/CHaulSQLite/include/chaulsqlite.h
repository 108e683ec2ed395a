#ifndef CHAULSQLITE_H
#define CHAULSQLITE_H

/// Stops the SQLite connection `db` (a `sqlite3 *`) from checkpointing the write-ahead log and deleting it when it
/// is the last connection to close (SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE). `sqlite3_db_config` is variadic, which Swift
/// cannot call. Returns SQLite's result code (0 is SQLITE_OK).
int haul_sqlite_keep_wal_on_close(void *db);

#endif
