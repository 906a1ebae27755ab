-- The conformance schema of the generated PostgreSQL code: tables named like SQL
-- keywords, a quoted column with a quote in its name, foreign keys, a view, an identity
-- key and a text key, and a column of each type both engines share.
CREATE TABLE "user" (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    "e""mail" TEXT UNIQUE,
    active BOOLEAN NOT NULL DEFAULT 1,
    score REAL,
    joined DATETIME NOT NULL,
    token UUID,
    avatar BLOB
);
CREATE TABLE "select" (
    code TEXT PRIMARY KEY NOT NULL,
    label TEXT NOT NULL,
    weight REAL NOT NULL DEFAULT 0
);
CREATE TABLE "order" (
    id INTEGER PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES "user" (id) ON DELETE CASCADE,
    "select" TEXT REFERENCES "select" (code),
    qty INTEGER NOT NULL,
    price REAL NOT NULL,
    placed DATETIME NOT NULL,
    paid BOOLEAN NOT NULL DEFAULT 0,
    receipt BLOB,
    ref UUID NOT NULL
);
CREATE INDEX order_by_user ON "order" (user_id, placed);
-- A nullable column and a text column: their indexes must serve the typed layer's orders
-- (NULLS FIRST, COLLATE "C") on PostgreSQL.
CREATE INDEX user_by_score ON "user" (score);
CREATE INDEX user_by_name ON "user" (name);
CREATE VIEW order_totals AS
    SELECT user_id, count(*) AS orders, sum(qty) AS units FROM "order" GROUP BY user_id;
