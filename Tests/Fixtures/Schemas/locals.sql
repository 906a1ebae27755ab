-- Columns named like every local, parameter and helper the generated functions use
-- (the binders' `statement`, `assigned`, `first`, `stored`, `rowID`, `indices`, the raw
-- functions' `db`, `record`, `value`, `limit`, `filter`, `body`, relationships' `handle`
-- and `key0`, …): the generated code must compile and read and write the right columns.

-- The rowid key is called `db`, like the handle of every raw and type-attached function,
-- and stands in the middle; `stored` is a date, which `storedAfterInsert` rounds.
CREATE TABLE locals (
  statement TEXT,
  offset INTEGER NOT NULL DEFAULT 0,
  assigned TEXT,
  first TEXT,
  stored DATETIME,
  "rowID" INTEGER,
  indices TEXT,
  "index" INTEGER,
  db INTEGER PRIMARY KEY,
  value TEXT,
  "values" TEXT,
  record TEXT,
  context TEXT,
  handle TEXT,
  sql TEXT,
  "limit" INTEGER,
  filter TEXT,
  body TEXT,
  key0 TEXT,
  tx TEXT,
  path TEXT,
  flags INTEGER,
  read_only BOOLEAN,
  at INTEGER,
  "to" TEXT,
  pool TEXT,
  "insertAssignsRowID" INTEGER,
  "storedAfterInsert" TEXT,
  "self" TEXT,
  type TEXT
);

-- A compound key of `index` and `db`, declared in the other order, beside a column
-- called `id` (a compound key is the record's `id`).
CREATE TABLE local_pair (
  statement TEXT,
  db TEXT NOT NULL,
  id TEXT,
  "index" INTEGER NOT NULL,
  stored DATETIME,
  PRIMARY KEY ("index", db)
) WITHOUT ROWID;

-- Foreign keys whose columns are called like the relationship functions' locals.
CREATE TABLE local_child (
  key0 INTEGER REFERENCES locals (db),
  handle TEXT,
  statement INTEGER NOT NULL,
  value TEXT,
  id INTEGER PRIMARY KEY,
  FOREIGN KEY (statement, value) REFERENCES local_pair ("index", db)
);
