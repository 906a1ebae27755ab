#ifndef SLATE_BUDGET_H
#define SLATE_BUDGET_H

/*
 * The preparation budget: SQLite does not call the progress handler while it prepares a
 * statement, and a schema's views expand there (a view that reads the view below it twice,
 * fifteen levels deep, is 32,768 copies). SQLite allocates all along, so an allocator
 * wrapped around SQLite's own fails the allocations of a prepare past its deadline or its
 * memory: SQLite unwinds with SQLITE_NOMEM, as from any failed allocation, and the
 * connection stays usable. Outside a budgeted prepare (another thread, any other call),
 * the wrapper only reads one thread-local flag and calls SQLite's allocator.
 *
 * The wrapper can only be installed before SQLite initializes: a constructor installs it
 * as the program loads, before any code can open a connection.
 */

/// Whether the wrapper is in place; tries to install it if it is not (which works only
/// while SQLite has not initialized).
int slate_budget_install(void);

/// Starts the budget of a prepare on this thread: `nanoseconds` from now (0 for no
/// deadline) and `bytes` of allocations (negative for no bound).
void slate_budget_begin(long long nanoseconds, long long bytes);

/// Ends the budget of this thread's prepare: 0 if it held, 1 if the prepare ran out of
/// time, 2 out of memory.
int slate_budget_end(void);

#endif
