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

/*
 * The preparation budget: SQLite does not call the progress handler while it prepares a
 * statement, and a schema's views expand there (a view that reads the view below it twice,
 * fifteen levels deep, is 32,768 copies). SQLite allocates all the time it expands, so an
 * allocator wrapped around SQLite's own fails the allocations of a prepare that is past
 * its deadline or its memory: SQLite then unwinds with SQLITE_NOMEM, as it does for any
 * failed allocation, and the connection stays usable.
 *
 * The state is static (per thread for the budget). Static inline functions in an imported header are
 * compiled into each Swift file that calls them, with their own statics: call these from
 * one Swift file only (Slate's Internal/PreparationBudget.swift).
 */
#include <time.h>

/* The budget of the prepare running on this thread. Function-local statics: Swift's
   importer emits a static inline function with its statics, not a header's globals. */
typedef struct {
    int active;
    int exceeded;         /* 0, or why it stopped: 1 time, 2 memory */
    unsigned calls;
    long long deadline;   /* monotonic nanoseconds, 0 for none */
    long long bytes;      /* bytes left, negative for no bound */
} slate_budget_state;

static inline slate_budget_state *slate_budget(void) {
    static _Thread_local slate_budget_state state;
    return &state;
}

/* SQLite's own allocator, which the budget's wraps. */
static inline sqlite3_mem_methods *slate_budget_base(void) {
    static sqlite3_mem_methods base;
    return &base;
}

static inline long long slate_monotonic_ns(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (long long)now.tv_sec * 1000000000LL + now.tv_nsec;
}

/* Whether this thread's prepare may allocate `size` more bytes. Reads the clock every 32
   allocations: SQLite allocates some millions of times a second. */
static inline int slate_budget_allows(slate_budget_state *budget, long long size) {
    if (budget->exceeded) return 0;
    if (budget->bytes >= 0) {
        budget->bytes -= size;
        if (budget->bytes < 0) { budget->exceeded = 2; return 0; }
    }
    if (budget->deadline != 0 && (++budget->calls & 31) == 0 && slate_monotonic_ns() > budget->deadline) {
        budget->exceeded = 1;
        return 0;
    }
    return 1;
}

static inline void *slate_budget_malloc(int size) {
    slate_budget_state *budget = slate_budget();
    if (budget->active && !slate_budget_allows(budget, size)) return 0;
    return slate_budget_base()->xMalloc(size);
}

static inline void *slate_budget_realloc(void *old, int size) {
    slate_budget_state *budget = slate_budget();
    if (budget->active && !slate_budget_allows(budget, size)) return 0;
    return slate_budget_base()->xRealloc(old, size);
}

/// Wraps SQLite's allocator in the budget's. Works only before SQLite initializes (before
/// the process's first connection): returns SQLITE_MISUSE after.
static inline int slate_budget_install(void) {
    sqlite3_mem_methods methods;
    int code = sqlite3_config(SQLITE_CONFIG_GETMALLOC, &methods);
    if (code != SQLITE_OK) return code;
    if (methods.xMalloc == slate_budget_malloc) return SQLITE_OK;
    *slate_budget_base() = methods;
    methods.xMalloc = slate_budget_malloc;
    methods.xRealloc = slate_budget_realloc;
    code = sqlite3_config(SQLITE_CONFIG_MALLOC, &methods);
    if (code != SQLITE_OK) return code;
    return sqlite3_initialize();
}

/// Starts the budget of a prepare on this thread: `nanoseconds` from now (0 for no
/// deadline) and `bytes` of allocations (negative for no bound).
static inline void slate_budget_begin(long long nanoseconds, long long bytes) {
    slate_budget_state *budget = slate_budget();
    budget->deadline = nanoseconds > 0 ? slate_monotonic_ns() + nanoseconds : 0;
    budget->bytes = bytes;
    budget->exceeded = 0;
    budget->calls = 0;
    budget->active = 1;
}

/// Ends the budget of this thread's prepare: 0 if it held, 1 if the prepare ran out of
/// time, 2 out of memory.
static inline int slate_budget_end(void) {
    slate_budget_state *budget = slate_budget();
    budget->active = 0;
    return budget->exceeded;
}

#endif /* SLATE_CSQLITE_SHIM_H */
