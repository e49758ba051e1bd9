#ifndef COUNTERSIGN_CSQLITE_SHIM_H
#define COUNTERSIGN_CSQLITE_SHIM_H

#include <sqlite3.h>
#include <string.h>

/* SQLITE_TRANSIENT is a macro casting -1 to a destructor pointer, which Swift cannot import. */
static inline sqlite3_destructor_type cs_sqlite_transient(void) { return SQLITE_TRANSIENT; }

/* sqlite3_config is variadic, which Swift cannot call. Turns off SQLite's memory statistics, whose
   global mutex every allocation of every connection takes; only valid before SQLite initializes. */
static inline int cs_sqlite_disable_memory_statistics(void) { return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0); }

/* Copies the first `size` bytes of the WAL index (the -shm file's shared memory) of `db`'s main
   database, where its header begins: every commit of every connection, in any process, rewrites
   that header (https://sqlite.org/walformat.html, "The WAL-Index Header"). The region is the one
   SQLite itself maps, asked of the database file's VFS (xShmMap, 32 KiB regions as SQLite's);
   nothing is locked and no system call made. Returns SQLITE_NOTFOUND when there is no WAL index
   to read (the VFS has no shared memory, or the region is not there yet). Call it only on a
   connection in WAL mode: on another, the VFS would create a -shm file. */
static inline int cs_sqlite_wal_index_header(sqlite3 *db, void *destination, int size) {
    sqlite3_file *file = NULL;
    if (size < 0 || size > 32768) return SQLITE_MISUSE;
    int code = sqlite3_file_control(db, "main", SQLITE_FCNTL_FILE_POINTER, &file);
    if (code != SQLITE_OK) return code;
    if (file == NULL || file->pMethods == NULL || file->pMethods->iVersion < 2 || file->pMethods->xShmMap == NULL) {
        return SQLITE_NOTFOUND;
    }
    volatile void *region = NULL;
    code = file->pMethods->xShmMap(file, 0, 32768, 0, &region);
    if (code != SQLITE_OK) return code;
    if (region == NULL) return SQLITE_NOTFOUND;
    /* What the writer stored before the header is seen before the header's bytes are read. */
    __atomic_thread_fence(__ATOMIC_ACQUIRE);
    memcpy(destination, (const void *)region, (size_t)size);
    return SQLITE_OK;
}

#endif
