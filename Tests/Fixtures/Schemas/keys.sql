-- Primary keys in every position of their table, as other tools write them: each
-- statement's columns and its binder must agree wherever the key stands.

-- Room puts the key last.
CREATE TABLE search_history (
  creation_date INTEGER,
  service_id INTEGER NOT NULL,
  search TEXT,
  id INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL
);

-- Fossil's event: the rowid key third, text before it.
CREATE TABLE event (
  type TEXT NOT NULL,
  mtime REAL,
  objid INTEGER PRIMARY KEY,
  tagid INTEGER,
  user TEXT,
  comment TEXT
);

-- The key first, as most schemas write it.
CREATE TABLE key_first (id INTEGER PRIMARY KEY, label TEXT NOT NULL, amount REAL);

-- A rowid key declared by a table constraint, after a generated column.
CREATE TABLE computed (
  a INTEGER NOT NULL,
  doubled INTEGER GENERATED ALWAYS AS (a * 2) VIRTUAL,
  note TEXT,
  id INTEGER,
  PRIMARY KEY (id)
);

-- A text key in the middle of a rowid table (not the rowid).
CREATE TABLE tag (label TEXT, code TEXT PRIMARY KEY NOT NULL, weight INTEGER);

-- Compound keys declared in another order than their columns.
CREATE TABLE placement (a TEXT NOT NULL, b INTEGER, c INTEGER NOT NULL, d TEXT, PRIMARY KEY (c, a));
CREATE TABLE reading (x TEXT, y INTEGER NOT NULL, z TEXT NOT NULL, w REAL, PRIMARY KEY (z, y)) WITHOUT ROWID;

-- WITHOUT ROWID with one key column in the middle.
CREATE TABLE slug (note TEXT, slug TEXT PRIMARY KEY NOT NULL, rank INTEGER) WITHOUT ROWID;

-- Every column in the key: there is nothing to update.
CREATE TABLE pair (left_id INTEGER NOT NULL, right_id TEXT NOT NULL, PRIMARY KEY (right_id, left_id));

-- Lightroom's key without a declared type, last.
CREATE TABLE collection_item (name TEXT, position REAL, collection PRIMARY KEY);
