-- Issue 31: created and updated timestamps a record sets itself, and pages.

-- The usual names, text dates (the default storage).
CREATE TABLE post (
  id         INTEGER PRIMARY KEY,
  title      TEXT NOT NULL,
  created_at DATETIME NOT NULL,
  updated_at DATETIME NOT NULL
);

-- camelCase names in other cases, optional; whole seconds and Julian days (slate.json).
CREATE TABLE note (
  id          INTEGER PRIMARY KEY,
  body        TEXT NOT NULL,
  "CreatedAt" INTEGER,
  "UPDATEDAT" REAL
);

-- `created` and `updated`, milliseconds since 1970; a default the record never needs.
CREATE TABLE event (
  id      INTEGER PRIMARY KEY,
  name    TEXT NOT NULL,
  created INTEGER NOT NULL DEFAULT (CAST(unixepoch('now', 'subsec') * 1000 AS INTEGER)),
  updated INTEGER NOT NULL
);

-- Usual names but no dates: plain text and integers, left alone.
CREATE TABLE counter (id INTEGER PRIMARY KEY, created TEXT NOT NULL, updated_at INTEGER NOT NULL);

-- Turned off for this table in slate.json.
CREATE TABLE audit (id INTEGER PRIMARY KEY, what TEXT NOT NULL, created_at DATETIME NOT NULL, updated_at DATETIME);

-- Names slate.json gives: "Made On" and "changed"; created_at is then a plain date.
CREATE TABLE article (
  id         INTEGER PRIMARY KEY,
  title      TEXT NOT NULL,
  "Made On"  TIMESTAMP NOT NULL,
  changed    TIMESTAMP,
  created_at DATETIME
);

-- Keyed by text, WITHOUT ROWID: read back by key; an update trigger that counts.
CREATE TABLE tag (
  name       TEXT PRIMARY KEY,
  uses       INTEGER NOT NULL DEFAULT 0,
  created_at DATETIME NOT NULL,
  updated_at DATETIME NOT NULL
) WITHOUT ROWID;

-- An INSERT trigger: the insert reads the row back with a SELECT.
CREATE TABLE revision (id INTEGER PRIMARY KEY, post_id INTEGER NOT NULL, created_at DATETIME NOT NULL, updated_at DATETIME NOT NULL);
CREATE TABLE revision_log (id INTEGER PRIMARY KEY, revision_id INTEGER NOT NULL);
CREATE TRIGGER revision_logged AFTER INSERT ON revision BEGIN
  INSERT INTO revision_log (revision_id) VALUES (NEW.id);
END;

-- Only a created column.
CREATE TABLE upload (id INTEGER PRIMARY KEY, path TEXT NOT NULL, created_at DATETIME NOT NULL);

-- A view to page through.
CREATE VIEW post_title AS SELECT id, title FROM post;
