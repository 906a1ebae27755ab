-- Issue 31, review R1: what `save` reads back when its upsert updates a stored row.

-- An UPDATE trigger that rewrites the row after the upsert's DO UPDATE (RETURNING would
-- report the row before it ran); no INSERT trigger.
CREATE TABLE item (id INTEGER PRIMARY KEY, name TEXT NOT NULL, version INTEGER NOT NULL DEFAULT 0);
CREATE TRIGGER item_versioned AFTER UPDATE OF name ON item BEGIN
  UPDATE item SET version = OLD.version + 1 WHERE id = NEW.id;
END;

-- Keys compared without case: a save of "THEME" updates the row "theme", which keeps its key.
CREATE TABLE preference (key TEXT PRIMARY KEY COLLATE NOCASE, value TEXT NOT NULL) WITHOUT ROWID;
CREATE TABLE label (name TEXT NOT NULL, color TEXT NOT NULL, PRIMARY KEY (name COLLATE NOCASE));
