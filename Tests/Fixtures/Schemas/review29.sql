-- Review of issue 29: reproductions of what the change claims (Tests/GeneratedCodeTests/Review29Tests.swift,
-- Tests/GeneratedRawTests/Review29RawTests.swift).

-- A rowid key between generated columns.
CREATE TABLE gen_mid (
  a  TEXT,
  g1 INTEGER GENERATED ALWAYS AS (length(a)) VIRTUAL,
  id INTEGER PRIMARY KEY,
  g2 TEXT GENERATED ALWAYS AS (upper(a)) STORED,
  b  TEXT,
  c  REAL
);

-- A compound key of a date and a UUID blob, in another order than the columns.
CREATE TABLE stamp_key (
  x    TEXT,
  u    UUID NOT NULL,
  d    DATETIME NOT NULL,
  seen DATETIME,
  PRIMARY KEY (d, u)
) WITHOUT ROWID;

-- STRICT and WITHOUT ROWID, the key in the middle.
CREATE TABLE strict_wr (x TEXT, id INTEGER PRIMARY KEY NOT NULL, y ANY, at TEXT) STRICT, WITHOUT ROWID;

-- Columns named like Swift's and the generated code's names.
CREATE TABLE oddly (
  "self"    TEXT,
  "index"   INTEGER,
  current   TEXT,
  keeping   TEXT,
  id        INTEGER PRIMARY KEY,
  statement TEXT,
  first     INTEGER,
  value     TEXT,
  d         DATETIME
);

-- A key column named like bindUpdate(to:keeping:)'s parameter, dates named like its locals.
CREATE TABLE kept (
  keeping   DATETIME,
  current   TEXT PRIMARY KEY NOT NULL,
  statement DATETIME,
  "index"   INTEGER
);

-- A column called rowid beside the rowid key, in a table with an insert trigger (read back
-- after the insert).
CREATE TABLE shadow (name TEXT, "rowid" INTEGER, id INTEGER PRIMARY KEY, touched INTEGER);
CREATE TRIGGER shadow_touch AFTER INSERT ON shadow BEGIN
  UPDATE shadow SET touched = 1 WHERE id = NEW.id;
END;

-- Dates in every storage (slate.json names each).
CREATE TABLE stamps (
  id   INTEGER PRIMARY KEY,
  note TEXT,
  t    DATETIME,
  ts   DATETIME,
  iso  DATETIME,
  isos DATETIME,
  ux   DATETIME,
  uxi  DATETIME,
  ms   DATETIME,
  s01  DATETIME,
  jd   DATETIME
);

-- A key that can hold NULL, with a date.
CREATE TABLE nk (code TEXT PRIMARY KEY, label TEXT, at DATETIME);

-- GUID keys and a child in the same storage; a child whose UUID column stores text.
CREATE TABLE dev (id GUID PRIMARY KEY NOT NULL, name TEXT);
CREATE TABLE dev_log (id INTEGER PRIMARY KEY, dev GUID REFERENCES dev (id), msg TEXT);
CREATE TABLE dev_note (id INTEGER PRIMARY KEY, dev UUID REFERENCES dev (id), note TEXT);

-- Text booleans with defaults.
CREATE TABLE flags (
  id INTEGER PRIMARY KEY,
  a  BOOLEAN DEFAULT 'TRUE',
  b  BOOLEAN,
  c  BOOLEAN NOT NULL DEFAULT 'FALSE'
);

-- Numbers SQLite's date functions read, stored as text: a TEXT column keeps strftime('%s')'s
-- text, and turns julianday()'s REAL into text.
CREATE TABLE numtext (id INTEGER PRIMARY KEY, created TEXT, jd TEXT, at TEXT);
