#include "baseline.h"

#include <sqlite3.h>
#include <stdlib.h>
#include <string.h>

int cb_configure_multithread(void) {
    int code = sqlite3_config(SQLITE_CONFIG_MULTITHREAD);
    return code == SQLITE_OK ? sqlite3_initialize() : code;
}

cb_db *cb_open(const char *path) {
    sqlite3 *db = NULL;
    if (sqlite3_open_v2(path, &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, NULL) != SQLITE_OK) {
        sqlite3_close_v2(db);
        return NULL;
    }
    sqlite3_exec(db, "PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL;", NULL, NULL, NULL);
    return db;
}

void cb_close(cb_db *db) { sqlite3_close_v2(db); }

int cb_exec(cb_db *db, const char *sql) { return sqlite3_exec(db, sql, NULL, NULL, NULL); }

static char *copy_text(sqlite3_stmt *statement, int column) {
    const unsigned char *text = sqlite3_column_text(statement, column);
    if (text == NULL) return NULL;
    int length = sqlite3_column_bytes(statement, column);
    char *copy = malloc((size_t)length + 1);
    memcpy(copy, text, (size_t)length + 1);
    return copy;
}

/* The current row of "SELECT id, i, d, t FROM item …" into *item; always inlined, so the
 * baseline runs the loop as if written out. */
static inline __attribute__((always_inline)) void read_item(sqlite3_stmt *statement, cb_item *item) {
    item->id = sqlite3_column_int64(statement, 0);
    item->i = sqlite3_column_int64(statement, 1);
    item->d = sqlite3_column_double(statement, 2);
    item->t = copy_text(statement, 3);
}

static int insert_rows(cb_db *db, int64_t count, const int64_t *i, const double *d, const char *texts, const int32_t *lengths) {
    sqlite3_stmt *statement = NULL;
    if (sqlite3_prepare_v2(db, "INSERT INTO item (i, d, t) VALUES (?, ?, ?)", -1, &statement, NULL) != SQLITE_OK) return -1;
    const char *text = texts;
    for (int64_t row = 0; row < count; row++) {
        sqlite3_bind_int64(statement, 1, i[row]);
        sqlite3_bind_double(statement, 2, d[row]);
        sqlite3_bind_text(statement, 3, text, lengths[row], SQLITE_STATIC);
        if (sqlite3_step(statement) != SQLITE_DONE) {
            sqlite3_finalize(statement);
            return -1;
        }
        sqlite3_reset(statement);
        text += lengths[row];
    }
    sqlite3_finalize(statement);
    return 0;
}

int cb_insert_items(cb_db *db, int64_t count, const int64_t *i, const double *d, const char *texts, const int32_t *lengths) {
    if (sqlite3_exec(db, "BEGIN IMMEDIATE", NULL, NULL, NULL) != SQLITE_OK) return -1;
    if (insert_rows(db, count, i, d, texts, lengths) != 0) {
        sqlite3_exec(db, "ROLLBACK", NULL, NULL, NULL);
        return -1;
    }
    return sqlite3_exec(db, "COMMIT", NULL, NULL, NULL) == SQLITE_OK ? 0 : -1;
}

int cb_insert_items_each(cb_db *db, int64_t count, const int64_t *i, const double *d, const char *texts, const int32_t *lengths) {
    return insert_rows(db, count, i, d, texts, lengths);
}

int64_t cb_fetch_items(cb_db *db, cb_item **items) {
    sqlite3_stmt *statement = NULL;
    sqlite3_exec(db, "BEGIN", NULL, NULL, NULL);
    if (sqlite3_prepare_v2(db, "SELECT id, i, d, t FROM item", -1, &statement, NULL) != SQLITE_OK) return -1;
    int64_t capacity = 1024, count = 0;
    cb_item *result = malloc(sizeof(cb_item) * (size_t)capacity);
    while (sqlite3_step(statement) == SQLITE_ROW) {
        if (count == capacity) {
            capacity *= 2;
            result = realloc(result, sizeof(cb_item) * (size_t)capacity);
        }
        read_item(statement, &result[count]);
        count++;
    }
    sqlite3_finalize(statement);
    sqlite3_exec(db, "COMMIT", NULL, NULL, NULL);
    *items = result;
    return count;
}

void cb_free_items(cb_item *items, int64_t count) {
    for (int64_t index = 0; index < count; index++) free(items[index].t);
    free(items);
}

int64_t cb_sum_items(cb_db *db) {
    sqlite3_stmt *statement = NULL;
    sqlite3_exec(db, "BEGIN", NULL, NULL, NULL);
    if (sqlite3_prepare_v2(db, "SELECT i FROM item", -1, &statement, NULL) != SQLITE_OK) return -1;
    int64_t sum = 0;
    while (sqlite3_step(statement) == SQLITE_ROW) sum += sqlite3_column_int64(statement, 0);
    sqlite3_finalize(statement);
    sqlite3_exec(db, "COMMIT", NULL, NULL, NULL);
    return sum;
}

int64_t cb_walk_items(cb_db *db) {
    sqlite3_stmt *statement = NULL;
    sqlite3_exec(db, "BEGIN", NULL, NULL, NULL);
    if (sqlite3_prepare_v2(db, "SELECT id, i, d, t FROM item", -1, &statement, NULL) != SQLITE_OK) return -1;
    int64_t sum = 0;
    while (sqlite3_step(statement) == SQLITE_ROW) {
        cb_item item;
        read_item(statement, &item);
        sum += item.i;
        free(item.t);
    }
    sqlite3_finalize(statement);
    sqlite3_exec(db, "COMMIT", NULL, NULL, NULL);
    return sum;
}

int64_t cb_lookup_items(cb_db *db, int64_t count, const int64_t *ids) {
    sqlite3_stmt *statement = NULL;
    sqlite3_exec(db, "BEGIN", NULL, NULL, NULL);
    if (sqlite3_prepare_v2(db, "SELECT id, i, d, t FROM item WHERE id = ?", -1, &statement, NULL) != SQLITE_OK) return -1;
    int64_t sum = 0;
    for (int64_t index = 0; index < count; index++) {
        sqlite3_bind_int64(statement, 1, ids[index]);
        if (sqlite3_step(statement) == SQLITE_ROW) {
            cb_item item;
            read_item(statement, &item);
            sum += item.i;
            free(item.t);
        }
        sqlite3_reset(statement);
    }
    sqlite3_finalize(statement);
    sqlite3_exec(db, "COMMIT", NULL, NULL, NULL);
    return sum;
}

int64_t cb_range_items(cb_db *db, int64_t count, const int64_t *starts, int64_t width) {
    sqlite3_stmt *statement = NULL;
    sqlite3_exec(db, "BEGIN", NULL, NULL, NULL);
    if (sqlite3_prepare_v2(db, "SELECT id, i, d, t FROM item WHERE id >= ? AND id < ?", -1, &statement, NULL) != SQLITE_OK) return -1;
    int64_t sum = 0, capacity = 16;
    cb_item *items = malloc(sizeof(cb_item) * (size_t)capacity);
    for (int64_t query = 0; query < count; query++) {
        sqlite3_bind_int64(statement, 1, starts[query]);
        sqlite3_bind_int64(statement, 2, starts[query] + width);
        int64_t rows = 0;
        while (sqlite3_step(statement) == SQLITE_ROW) {
            if (rows == capacity) {
                capacity *= 2;
                items = realloc(items, sizeof(cb_item) * (size_t)capacity);
            }
            read_item(statement, &items[rows]);
            rows++;
        }
        sqlite3_reset(statement);
        for (int64_t row = 0; row < rows; row++) {
            sum += items[row].i;
            free(items[row].t);
        }
    }
    free(items);
    sqlite3_finalize(statement);
    sqlite3_exec(db, "COMMIT", NULL, NULL, NULL);
    return sum;
}

/* Days since 1970 of a civil date (Howard Hinnant's algorithm). */
static int64_t days_from_civil(int64_t y, int64_t m, int64_t d) {
    y -= m <= 2;
    int64_t era = (y >= 0 ? y : y - 399) / 400;
    int64_t yoe = y - era * 400;
    int64_t doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
    int64_t doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    return era * 146097 + doe - 719468;
}

/* "YYYY-MM-DD HH:MM:SS.SSS" (time and fraction optional) as unix seconds. */
static double parse_date(const unsigned char *s, int n) {
#define DIGIT(k) ((int64_t)(s[k] - '0'))
    if (n < 10) return 0;
    int64_t y = DIGIT(0) * 1000 + DIGIT(1) * 100 + DIGIT(2) * 10 + DIGIT(3);
    int64_t m = DIGIT(5) * 10 + DIGIT(6), d = DIGIT(8) * 10 + DIGIT(9);
    double seconds = (double)days_from_civil(y, m, d) * 86400.0;
    if (n >= 16) seconds += (double)((DIGIT(11) * 10 + DIGIT(12)) * 3600 + (DIGIT(14) * 10 + DIGIT(15)) * 60);
    if (n >= 19) seconds += (double)(DIGIT(17) * 10 + DIGIT(18));
    if (n >= 23) seconds += (double)(DIGIT(20) * 100 + DIGIT(21) * 10 + DIGIT(22)) / 1000.0;
    return seconds;
#undef DIGIT
}

static double column_date(sqlite3_stmt *statement, int column) {
    return parse_date(sqlite3_column_text(statement, column), sqlite3_column_bytes(statement, column));
}

int64_t cb_fetch_orders(cb_db *db, cb_order **orders) {
    sqlite3_stmt *statement = NULL;
    sqlite3_exec(db, "BEGIN", NULL, NULL, NULL);
    const char *sql = "SELECT OrderID, CustomerID, EmployeeID, OrderDate, RequiredDate, ShippedDate, ShipVia, Freight, "
                      "ShipName, ShipAddress, ShipCity, ShipRegion, ShipPostalCode, ShipCountry FROM orders";
    if (sqlite3_prepare_v2(db, sql, -1, &statement, NULL) != SQLITE_OK) return -1;
    int64_t capacity = 1024, count = 0;
    cb_order *result = malloc(sizeof(cb_order) * (size_t)capacity);
    while (sqlite3_step(statement) == SQLITE_ROW) {
        if (count == capacity) {
            capacity *= 2;
            result = realloc(result, sizeof(cb_order) * (size_t)capacity);
        }
        cb_order *order = &result[count++];
        order->order_id = sqlite3_column_int64(statement, 0);
        order->customer_id = copy_text(statement, 1);
        order->employee_id = sqlite3_column_int64(statement, 2);
        order->order_date = column_date(statement, 3);
        order->required_date = column_date(statement, 4);
        order->has_shipped_date = sqlite3_column_type(statement, 5) != SQLITE_NULL;
        order->shipped_date = order->has_shipped_date ? column_date(statement, 5) : 0;
        order->ship_via = sqlite3_column_int64(statement, 6);
        order->freight = sqlite3_column_double(statement, 7);
        order->ship_name = copy_text(statement, 8);
        order->ship_address = copy_text(statement, 9);
        order->ship_city = copy_text(statement, 10);
        order->ship_region = copy_text(statement, 11);
        order->ship_postal_code = copy_text(statement, 12);
        order->ship_country = copy_text(statement, 13);
    }
    sqlite3_finalize(statement);
    sqlite3_exec(db, "COMMIT", NULL, NULL, NULL);
    *orders = result;
    return count;
}

void cb_free_orders(cb_order *orders, int64_t count) {
    for (int64_t index = 0; index < count; index++) {
        cb_order *order = &orders[index];
        free(order->customer_id);
        free(order->ship_name);
        free(order->ship_address);
        free(order->ship_city);
        free(order->ship_region);
        free(order->ship_postal_code);
        free(order->ship_country);
    }
    free(orders);
}
