-- Issue 30, records: inserts SQLite would skip, replace, or not read back.

-- A UNIQUE column that ignores a duplicate, and a trigger that ignores a row (and writes
-- two other rows for each one it keeps).
CREATE TABLE tag (id INTEGER PRIMARY KEY, name TEXT UNIQUE ON CONFLICT IGNORE);
CREATE TABLE guarded (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
CREATE TABLE guard_log (id INTEGER PRIMARY KEY, note TEXT NOT NULL);
CREATE TRIGGER guarded_spam BEFORE INSERT ON guarded WHEN NEW.name = 'spam' BEGIN SELECT RAISE(IGNORE); END;
CREATE TRIGGER guarded_log AFTER INSERT ON guarded BEGIN
    INSERT INTO guard_log (note) VALUES ('saw ' || NEW.name);
    INSERT INTO guard_log (note) VALUES ('again');
END;

-- Keys whose own conflict clause would replace the row holding them.
CREATE TABLE replaced (id INTEGER PRIMARY KEY ON CONFLICT REPLACE, name TEXT NOT NULL);
CREATE TABLE replaced_pair (a INTEGER NOT NULL, b INTEGER NOT NULL, name TEXT, PRIMARY KEY (a, b) ON CONFLICT REPLACE) WITHOUT ROWID;
CREATE TABLE replaced_code (id INTEGER PRIMARY KEY, code TEXT NOT NULL, UNIQUE (code) ON CONFLICT REPLACE);

-- calibre's annotations and their external-content full-text index: the index's rows
-- read their text from `annotations`, which has no row for an entry written directly.
CREATE TABLE annotations (id INTEGER PRIMARY KEY, book INTEGER NOT NULL, searchable_text TEXT NOT NULL DEFAULT '');
CREATE VIRTUAL TABLE annotations_fts USING fts5(searchable_text, content = 'annotations', content_rowid = 'id', tokenize = 'unicode61 remove_diacritics 2');
CREATE VIRTUAL TABLE annotations_fts4 USING fts4(searchable_text, content="annotations");
