ALTER TABLE "order" RENAME TO purchase;
ALTER TABLE purchase ADD COLUMN total REAL NOT NULL DEFAULT 0;
ALTER TABLE "user" DROP COLUMN active;
INSERT OR IGNORE INTO purchase (id, user_id, note, qty) VALUES (10, 1, 'x', 2);
UPDATE purchase SET total = 2.5 WHERE id = 10;
DROP TABLE scratch;
