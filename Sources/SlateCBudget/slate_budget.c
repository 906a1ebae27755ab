#include "slate_budget.h"

#include <sqlite3.h>
#include <time.h>

/* SQLite's own allocator, which the budget's wraps. */
static sqlite3_mem_methods base;
static int installed;

/* The budget of the prepare running on this thread. */
static _Thread_local int active;
static _Thread_local int exceeded;      /* 0, or why it stopped: 1 time, 2 memory */
static _Thread_local unsigned calls;
static _Thread_local long long deadline; /* monotonic nanoseconds, 0 for none */
static _Thread_local long long bytes;    /* bytes left, negative for no bound */

static long long monotonic_ns(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (long long)now.tv_sec * 1000000000LL + now.tv_nsec;
}

/* Whether this thread's prepare may allocate `size` more bytes. Reads the clock every 32
   allocations: SQLite allocates some millions of times a second. */
static int allows(long long size) {
    if (exceeded) return 0;
    if (bytes >= 0) {
        bytes -= size;
        if (bytes < 0) { exceeded = 2; return 0; }
    }
    if (deadline != 0 && (++calls & 31) == 0 && monotonic_ns() > deadline) {
        exceeded = 1;
        return 0;
    }
    return 1;
}

static void *budget_malloc(int size) {
    if (active && !allows(size)) return 0;
    return base.xMalloc(size);
}

static void *budget_realloc(void *old, int size) {
    if (active && !allows(size)) return 0;
    return base.xRealloc(old, size);
}

int slate_budget_install(void) {
    if (installed) return 1;
    sqlite3_mem_methods methods;
    if (sqlite3_config(SQLITE_CONFIG_GETMALLOC, &methods) != SQLITE_OK) return 0;
    base = methods;
    methods.xMalloc = budget_malloc;
    methods.xRealloc = budget_realloc;
    if (sqlite3_config(SQLITE_CONFIG_MALLOC, &methods) != SQLITE_OK) return 0;
    installed = 1;
    return 1;
}

/* As the program loads: before any code can open a connection. */
__attribute__((constructor)) static void install_at_load(void) {
    slate_budget_install();
}

void slate_budget_begin(long long nanoseconds, long long limit) {
    deadline = nanoseconds > 0 ? monotonic_ns() + nanoseconds : 0;
    bytes = limit;
    exceeded = 0;
    calls = 0;
    active = 1;
}

int slate_budget_end(void) {
    active = 0;
    return exceeded;
}
