CREATE TABLE "user" (id INTEGER PRIMARY KEY, "Name" TEXT NOT NULL, "select" TEXT UNIQUE, active BOOLEAN NOT NULL DEFAULT 1);
CREATE TABLE "order" (id INTEGER PRIMARY KEY, user_id INTEGER REFERENCES "user" (id) ON DELETE CASCADE, note TEXT, qty TEXT);
CREATE TABLE a (id INTEGER PRIMARY KEY, b_id INTEGER REFERENCES b (id));
CREATE TABLE b (id INTEGER PRIMARY KEY, a_id INTEGER REFERENCES a (id));
CREATE INDEX order_by_user ON "order" (user_id DESC, note);
CREATE VIEW user_names AS SELECT "Name" AS name, count(*) AS n FROM "user" GROUP BY "Name";
INSERT INTO "user" (id, "Name", active) VALUES (1, 'Ann', 1), (2, 'Bo', 0);
