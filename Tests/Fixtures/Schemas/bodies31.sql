-- Issue 31, §1: generated records as request and response bodies, delete by key, save.

-- A rowid key SQLite assigns; defaults of every kind the initializer takes; a column
-- UNIQUE beside the key; a generated column.
CREATE TABLE issue (
    issue_id INTEGER PRIMARY KEY,
    title TEXT NOT NULL,
    status TEXT NOT NULL DEFAULT 'open',
    priority INTEGER NOT NULL DEFAULT 3,
    score REAL NOT NULL DEFAULT 0.5,
    note TEXT,
    label TEXT DEFAULT 'none',
    slug TEXT NOT NULL UNIQUE,
    title_length INTEGER GENERATED ALWAYS AS (length(title)) VIRTUAL
);

-- Columns named like Swift keywords, like CodingKey's members, like the API (`save`),
-- and `draft`; a key called `id`.
CREATE TABLE draft (
    id INTEGER PRIMARY KEY,
    "default" TEXT NOT NULL DEFAULT 'd',
    "class" INTEGER,
    draft TEXT NOT NULL,
    "rawValue" INTEGER NOT NULL DEFAULT 0,
    "stringValue" TEXT,
    save INTEGER NOT NULL DEFAULT 1
);

-- A text key in a WITHOUT ROWID table.
CREATE TABLE setting (key TEXT PRIMARY KEY, value TEXT NOT NULL, revision INTEGER NOT NULL DEFAULT 0) WITHOUT ROWID;

-- A compound key, and a compound key that is every column.
CREATE TABLE membership (
    team_id INTEGER NOT NULL,
    user_id INTEGER NOT NULL,
    role TEXT NOT NULL DEFAULT 'member',
    PRIMARY KEY (team_id, user_id)
) WITHOUT ROWID;
CREATE TABLE pairing (left_id INTEGER NOT NULL, right_name TEXT NOT NULL, PRIMARY KEY (left_id, right_name));

-- A UNIQUE column whose own conflict clause would delete the row holding the value.
CREATE TABLE account (id INTEGER PRIMARY KEY, email TEXT NOT NULL UNIQUE ON CONFLICT REPLACE, name TEXT NOT NULL);

-- Triggers that rewrite the row after an insert and after an update: read back by key.
CREATE TABLE stamped (id INTEGER PRIMARY KEY, name TEXT NOT NULL, stamp TEXT);
CREATE TRIGGER stamped_inserted AFTER INSERT ON stamped BEGIN UPDATE stamped SET stamp = 'inserted' WHERE id = NEW.id; END;
CREATE TRIGGER stamped_updated AFTER UPDATE OF name ON stamped BEGIN UPDATE stamped SET stamp = 'updated ' || NEW.name WHERE id = NEW.id; END;
CREATE TRIGGER stamped_frozen BEFORE UPDATE OF name ON stamped WHEN OLD.name = 'frozen' BEGIN SELECT RAISE(IGNORE); END;

-- No key: no save, no delete by key.
CREATE TABLE event_log (at INTEGER NOT NULL, message TEXT NOT NULL);

-- A virtual table whose first column is its rowid key: SQLite cannot upsert it.
CREATE VIRTUAL TABLE box USING rtree(id, min_x, max_x);
