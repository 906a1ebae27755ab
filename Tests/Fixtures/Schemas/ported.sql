-- Values written by other people's applications: declared types from other databases,
-- Core Data's timestamps, MySQL-style zero dates, a trigger that rewrites the row it
-- was given, and virtual tables.

-- Declared types SQLite gives NUMERIC affinity by default, beside plain ones.
CREATE TABLE place (
  id         INTEGER PRIMARY KEY,
  name       STRING NOT NULL,
  address    ADDRESS,
  payload    BYTEA,
  digest     BINARY(16),
  meta       JSON,
  shape      GEOMETRY,
  opens      TIME,
  population INTEGER,
  area       REAL,
  is_open    BOOL,
  rating     NUMERIC(3, 1)
);

-- A Core Data store: timestamps are seconds since 2001 (slate.json: dateDeclaredTypes).
CREATE TABLE ZEVENT (
  Z_PK          INTEGER PRIMARY KEY,
  Z_ENT         INTEGER,
  Z_OPT         INTEGER,
  ZCREATIONDATE TIMESTAMP,
  ZTITLE        VARCHAR
);

-- Ported from MySQL: a zero-date default, and unix seconds in an INTEGER column that
-- slate.json's dateColumns makes a Date.
CREATE TABLE legacy_post (
  id           INTEGER PRIMARY KEY,
  title        TEXT NOT NULL,
  published_at DATETIME DEFAULT '0000-00-00 00:00:00',
  stamp        INTEGER
);
-- A view showing the stamp under another name: it stores dates as legacy_post.stamp does.
CREATE VIEW stamped_post AS SELECT id, title, stamp AS stamped FROM legacy_post;

-- A trigger that rewrites the row after it is inserted.
CREATE TABLE film (
  film_id     INTEGER PRIMARY KEY,
  title       TEXT NOT NULL,
  last_update DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);
CREATE TRIGGER film_last_update AFTER INSERT ON film BEGIN
  UPDATE film SET last_update = '2001-02-03 04:05:06.000' WHERE film_id = new.film_id;
END;

-- Virtual tables: an R*Tree (32-bit coordinates, its id is the key) and full-text search.
CREATE VIRTUAL TABLE box USING rtree(id, min_x, max_x, min_y, max_y);
CREATE VIRTUAL TABLE note_search USING fts5(title, body);

-- Inserts that store nothing: a trigger named like a keyword that skips rows, and a
-- constraint that ignores duplicates.
CREATE TABLE guarded (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
CREATE TRIGGER "on" BEFORE INSERT ON guarded WHEN new.name = 'spam' BEGIN SELECT RAISE(IGNORE); END;
CREATE TABLE keyword (id INTEGER PRIMARY KEY, label TEXT UNIQUE ON CONFLICT IGNORE);
