#include "chaulsqlite.h"

// Declared here rather than through <sqlite3.h>: the header is not installed everywhere Swift builds (the library
// itself is, through GRDB), and this one stable C entry point is all that is needed.
extern int sqlite3_db_config(void *db, int op, ...);

// SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, SQLite 3.16 and later.
#define HAUL_SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE 1006

int haul_sqlite_keep_wal_on_close(void *db) {
    return sqlite3_db_config(db, HAUL_SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 1, (int *)0);
}
