#ifndef SLATE_BENCH_BASELINE_H
#define SLATE_BENCH_BASELINE_H

#include <stdint.h>

/*
 * The C baseline: each scenario done the fastest straightforward way with the sqlite3 C
 * API (prepared statements reused, typed column reads, text copied into the result).
 * This is the limit with this libsqlite3; Slate and GRDB are measured against it.
 */

typedef struct sqlite3 cb_db;

typedef struct {
    int64_t id;
    int64_t i;
    double d;
    char *t;
} cb_item;

typedef struct {
    int64_t order_id;
    char *customer_id;
    int64_t employee_id;
    double order_date;
    double required_date;
    double shipped_date;
    int has_shipped_date;
    int64_t ship_via;
    double freight;
    char *ship_name;
    char *ship_address;
    char *ship_city;
    char *ship_region;
    char *ship_postal_code;
    char *ship_country;
} cb_order;

/* sqlite3_config(SQLITE_CONFIG_MULTITHREAD) before anything opens: every connection, GRDB's
 * included, then runs without SQLite's mutexes. Returns an SQLite code. */
int cb_configure_multithread(void);

/* Opens with SQLITE_OPEN_NOMUTEX, WAL, synchronous=NORMAL. NULL on failure. */
cb_db *cb_open(const char *path);
void cb_close(cb_db *db);
int cb_exec(cb_db *db, const char *sql);

/* Inserts rows in one transaction. texts holds the text of every row, one after another. */
int cb_insert_items(cb_db *db, int64_t count, const int64_t *i, const double *d, const char *texts, const int32_t *lengths);
/* Inserts rows each in its own (autocommit) transaction. */
int cb_insert_items_each(cb_db *db, int64_t count, const int64_t *i, const double *d, const char *texts, const int32_t *lengths);
/* Every row into an array of structs, in one read transaction. Returns the count, or -1. */
int64_t cb_fetch_items(cb_db *db, cb_item **items);
void cb_free_items(cb_item *items, int64_t count);
/* The sum of column i over every row, in one read transaction. */
int64_t cb_sum_items(cb_db *db);
/* The sum of column i over every row, each row read whole into a struct (its text copied
 * and freed), one at a time: what a walk over records does, in C. */
int64_t cb_walk_items(cb_db *db);
/* Looks up each id, decoding the row into a struct; returns the sum of i over found rows. */
int64_t cb_lookup_items(cb_db *db, int64_t count, const int64_t *ids);
/* For each start, the rows with start <= id < start + width into structs (one statement,
 * bound twice per query); returns the sum of i over every row read. */
int64_t cb_range_items(cb_db *db, int64_t count, const int64_t *starts, int64_t width);
/* Every order into an array of structs with dates as unix seconds. */
int64_t cb_fetch_orders(cb_db *db, cb_order **orders);
void cb_free_orders(cb_order *orders, int64_t count);

#endif
