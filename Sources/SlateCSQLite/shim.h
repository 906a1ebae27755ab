#ifndef SLATE_CSQLITE_SHIM_H
#define SLATE_CSQLITE_SHIM_H

#include <sqlite3.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>

/*
 * Small C helpers for the parts of the SQLite API that Swift cannot call directly:
 * variadic functions (sqlite3_db_config) and macros that are casts (SQLITE_TRANSIENT),
 * and binding a copy of a value whose bytes Swift lends only for the length of a call.
 * Everything here is static inline: no symbols of our own are exported.
 */

/// sqlite3_db_config(db, op, value, &current) for the integer-valued verbs
/// (SQLITE_DBCONFIG_DEFENSIVE, _TRUSTED_SCHEMA, _ENABLE_FKEY, ...).
/// Pass value -1 to only read the current setting. Returns the SQLite result code.
static inline int slate_db_config_int(sqlite3 *db, int op, int value, int *current) {
    int ignored = 0;
    return sqlite3_db_config(db, op, value, current ? current : &ignored);
}

/// Values up to this many bytes are bound from a copy Slate makes with malloc and SQLite
/// frees; longer ones are copied by SQLite (SQLITE_TRANSIENT).
///
/// A SQLITE_TRANSIENT copy is freed and made again at every bind, through SQLite's
/// allocator, which takes a global mutex and keeps statistics: about 500 instructions
/// for a short text, where C code that keeps its strings alive binds SQLITE_STATIC. A
/// copy of its own with free as the destructor costs a third of that. Swift cannot hand
/// SQLite a pointer that outlives the call (a String's bytes are lent to a closure), so
/// a copy there must be. Long values go through SQLite, which checks the length limit
/// before it copies and counts the memory against its heap limit.
#define SLATE_BIND_COPY_LIMIT 4096

/// A malloc'd copy of `length` bytes (at least one) to bind with free as its destructor,
/// or NULL when SQLite should make the copy: over SLATE_BIND_COPY_LIMIT, or where malloc
/// fails (SQLite then reports SQLITE_NOMEM itself if it cannot copy either).
static inline void *slate_bind_copy(const void *bytes, sqlite3_uint64 length) {
    if (length > SLATE_BIND_COPY_LIMIT) return 0;
    void *copy = malloc((size_t)length);
    if (copy != 0) memcpy(copy, bytes, (size_t)length);
    return copy;
}

/// Binds UTF-8 text of `length` bytes, copied.
/// An empty string binds '' (never NULL, whatever the pointer).
static inline int slate_bind_text(sqlite3_stmt *stmt, int index, const void *bytes, sqlite3_uint64 length) {
    if (length == 0 || bytes == 0) {
        return sqlite3_bind_text(stmt, index, "", 0, SQLITE_STATIC);
    }
    char *copy = (char *)slate_bind_copy(bytes, length);
    if (copy != 0) {
        /* SQLite calls free, whether the bind succeeds or fails. */
        return sqlite3_bind_text64(stmt, index, copy, length, free, SQLITE_UTF8);
    }
    return sqlite3_bind_text64(stmt, index, (const char *)bytes, length, SQLITE_TRANSIENT, SQLITE_UTF8);
}

/// Binds a blob of `length` bytes, copied.
/// An empty blob binds a zero-length blob (never NULL, whatever the pointer).
static inline int slate_bind_blob(sqlite3_stmt *stmt, int index, const void *bytes, sqlite3_uint64 length) {
    if (length == 0 || bytes == 0) {
        return sqlite3_bind_zeroblob(stmt, index, 0);
    }
    void *copy = slate_bind_copy(bytes, length);
    if (copy != 0) {
        return sqlite3_bind_blob64(stmt, index, copy, length, free);
    }
    return sqlite3_bind_blob64(stmt, index, bytes, length, SQLITE_TRANSIENT);
}

/// Sets a function result to UTF-8 text of `length` bytes (copied).
static inline void slate_result_text(sqlite3_context *context, const void *bytes, sqlite3_uint64 length) {
    if (length == 0 || bytes == 0) {
        sqlite3_result_text(context, "", 0, SQLITE_STATIC);
        return;
    }
    sqlite3_result_text64(context, (const char *)bytes, length, SQLITE_TRANSIENT, SQLITE_UTF8);
}

/// Sets a function result to a blob of `length` bytes (copied).
static inline void slate_result_blob(sqlite3_context *context, const void *bytes, sqlite3_uint64 length) {
    if (length == 0 || bytes == 0) {
        sqlite3_result_zeroblob(context, 0);
        return;
    }
    sqlite3_result_blob64(context, bytes, length, SQLITE_TRANSIENT);
}

/*
 * Two atomic operations on a word, for the buffers typed predicates grow in place
 * (Synchronization's Atomic needs macOS 15 / iOS 18). Sequentially consistent.
 */

/// The value of `*word`, read atomically.
static inline intptr_t slate_atomic_load(const intptr_t *word) {
    return __atomic_load_n(word, __ATOMIC_SEQ_CST);
}

/// Sets `*word` to `desired` if it is `expected`, atomically; returns whether it did.
static inline int slate_atomic_claim(intptr_t *word, intptr_t expected, intptr_t desired) {
    return __atomic_compare_exchange_n(word, &expected, desired, 0, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);
}

#endif /* SLATE_CSQLITE_SHIM_H */
