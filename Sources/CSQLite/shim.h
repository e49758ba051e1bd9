#ifndef COUNTERSIGN_CSQLITE_SHIM_H
#define COUNTERSIGN_CSQLITE_SHIM_H

#include <sqlite3.h>

/* SQLITE_TRANSIENT is a macro casting -1 to a destructor pointer, which Swift cannot import. */
static inline sqlite3_destructor_type cs_sqlite_transient(void) { return SQLITE_TRANSIENT; }

/* sqlite3_config is variadic, which Swift cannot call. Turns off SQLite's memory statistics, whose
   global mutex every allocation of every connection takes; only valid before SQLite initializes. */
static inline int cs_sqlite_disable_memory_statistics(void) { return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0); }

#endif
