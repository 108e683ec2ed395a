#include "chaulsqlite.h"
#include <string.h>

// Declared here rather than through <sqlite3.h>: the header is not installed everywhere Swift builds (the library
// itself is, through GRDB), and these few stable C entry points are all that is needed.
extern int sqlite3_db_config(void *db, int op, ...);
extern int sqlite3_wal_autocheckpoint(void *db, int pages);
extern int sqlite3_prepare_v2(void *db, const char *sql, int bytes, void **statement, const char **tail);
extern int sqlite3_step(void *statement);
extern int sqlite3_column_int(void *statement, int column);
extern const unsigned char *sqlite3_column_text(void *statement, int column);
extern int sqlite3_finalize(void *statement);
extern int sqlite3_exec(void *db, const char *sql, void *callback, void *argument, char **error);

// SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, SQLite 3.16 and later.
#define HAUL_SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE 1006
// SQLITE_ROW: `sqlite3_step` has a row.
#define HAUL_SQLITE_ROW 100

int haul_sqlite_keep_wal_on_close(void *db) {
    return sqlite3_db_config(db, HAUL_SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 1, (int *)0);
}

int haul_sqlite_user_version(void *db) {
    void *statement = 0;
    if (sqlite3_prepare_v2(db, "PRAGMA user_version", -1, &statement, 0) != 0 || statement == 0) return -1;
    int version = sqlite3_step(statement) == HAUL_SQLITE_ROW ? sqlite3_column_int(statement, 0) : -1;
    sqlite3_finalize(statement);
    return version;
}

int haul_sqlite_use_wal(void *db, int autocheckpoint) {
    int code = sqlite3_wal_autocheckpoint(db, autocheckpoint);
    if (code != 0) return code;
    void *statement = 0;
    code = sqlite3_prepare_v2(db, "PRAGMA journal_mode = WAL", -1, &statement, 0);
    if (code != 0) return code;
    int isWAL = 0;
    int step = sqlite3_step(statement);
    if (step == HAUL_SQLITE_ROW) {
        const unsigned char *mode = sqlite3_column_text(statement, 0);
        isWAL = mode != 0 && strcmp((const char *)mode, "wal") == 0;
    }
    // `sqlite3_finalize` returns the error of the step that failed (a busy database, a file that is not one).
    code = sqlite3_finalize(statement);
    if (code != 0) return code;
    if (!isWAL) return -1;
    return sqlite3_exec(db, "PRAGMA synchronous = NORMAL", 0, 0, 0);
}

// SQLITE_DBCONFIG_ENABLE_FKEY, SQLite 3.8.9 and later.
#define HAUL_SQLITE_DBCONFIG_ENABLE_FKEY 1002

int haul_sqlite_enable_foreign_keys(void *db) {
    int enabled = 0;
    int code = sqlite3_db_config(db, HAUL_SQLITE_DBCONFIG_ENABLE_FKEY, 1, &enabled);
    if (code != 0) return code;
    return enabled == 1 ? 0 : -1;
}

extern long long sqlite3_soft_heap_limit64(long long limit);
extern long long sqlite3_memory_used(void);

long long haul_sqlite_limit_heap(long long bytes) {
    return sqlite3_soft_heap_limit64(bytes);
}

long long haul_sqlite_memory_used(void) {
    return sqlite3_memory_used();
}
