-- Dates as other applications write them, in tables shaped like theirs: each column's
-- storage is chosen in slate.json (Configurations/other-apps.json).

-- Fossil's timeline: `mtime` and `omtime` hold julianday() values. `mtime` is configured
-- as "julianDay"; `omtime` keeps the default text storage, which reads a bare number as
-- SQLite's datetime(x, 'auto') does (a Julian day up to 5373484.5).
CREATE TABLE event (
  type     TEXT,
  mtime    DATETIME,
  objid    INTEGER PRIMARY KEY,
  tagid    INTEGER,
  uid      INTEGER,
  bgcolor  TEXT,
  euser    TEXT,
  user     TEXT,
  ecomment TEXT,
  comment  TEXT,
  brief    TEXT,
  omtime   DATETIME
);

-- Prisma's migration for `model Post { id Int @id @default(autoincrement()) title String
-- createdAt DateTime @default(now()) updatedAt DateTime @updatedAt publishedAt DateTime? }`.
-- Prisma writes every DateTime as milliseconds since 1970; a row inserted without
-- createdAt gets CURRENT_TIMESTAMP's text: one column, two kinds of value.
CREATE TABLE "Post" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "title" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    "publishedAt" DATETIME
);

-- GeoPackage's gpkg_contents: last_change is ISO 8601 text ending in Z, as its default
-- writes it.
CREATE TABLE gpkg_contents (
  table_name  TEXT NOT NULL PRIMARY KEY,
  data_type   TEXT NOT NULL,
  identifier  TEXT UNIQUE,
  description TEXT DEFAULT '',
  last_change DATETIME NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')),
  min_x       DOUBLE,
  min_y       DOUBLE,
  max_x       DOUBLE,
  max_y       DOUBLE,
  srs_id      INTEGER
);

-- Lightroom Classic's catalog: columns without declared types. captureTime is local
-- time text such as '2019-06-01T12:34:56.78'; touchTime is seconds since 2001.
CREATE TABLE Adobe_images (
  id_local    INTEGER PRIMARY KEY,
  id_global   UNIQUE NOT NULL,
  captureTime,
  fileFormat  NOT NULL DEFAULT 'unset',
  pick        NOT NULL DEFAULT 0,
  rating,
  touchTime   NOT NULL DEFAULT 0
);

-- Two more text forms: CURRENT_TIMESTAMP's whole seconds, and ISO 8601 in whole seconds
-- as JSONEncoder's .iso8601 strategy writes it.
CREATE TABLE sync_log (
  id        INTEGER PRIMARY KEY,
  logged_at TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP,
  synced_at TEXT
);
