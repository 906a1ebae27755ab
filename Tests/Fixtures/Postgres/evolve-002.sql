PRAGMA foreign_keys = OFF;
UPDATE "order" SET note = '' WHERE note IS NULL;
CREATE TABLE new_order (id INTEGER PRIMARY KEY, user_id INTEGER REFERENCES "user" (id) ON DELETE CASCADE, note TEXT NOT NULL DEFAULT '', qty INTEGER, placed DATETIME DEFAULT CURRENT_TIMESTAMP);
INSERT INTO new_order (id, user_id, note, qty) SELECT id, user_id, note, qty FROM "order";
DROP TABLE "order";
ALTER TABLE new_order RENAME TO "order";
CREATE INDEX order_by_user ON "order" (user_id DESC, note);
ALTER TABLE "user" RENAME COLUMN "select" TO choice;
CREATE TABLE scratch (k TEXT PRIMARY KEY, v BLOB);
