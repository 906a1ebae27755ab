-- Every type mapping and every kind of key Slate generates for.

-- An INTEGER rowid key, every column type, defaults of each kind.
CREATE TABLE item (
  id          INTEGER PRIMARY KEY,
  name        TEXT NOT NULL DEFAULT 'untitled',
  quantity    INT NOT NULL DEFAULT 0,
  price       REAL NOT NULL DEFAULT 9.99,
  weight      DOUBLE,
  ratio       FLOAT DEFAULT -0.5,
  cost        NUMERIC(10, 2),
  amount      DECIMAL,
  is_active   BOOLEAN NOT NULL DEFAULT 1,
  is_archived BOOL DEFAULT FALSE,
  created     DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
  due         DATE,
  touched     TIMESTAMP DEFAULT '2024-02-29 12:30:00',
  token       UUID,
  homepage    URL,
  photo       BLOB DEFAULT X'CAFE',
  note        CLOB,
  code        CHAR(3),
  anything,
  hex_value   INTEGER DEFAULT 0x10
);

-- A UUID key with a default, and a foreign key to it.
CREATE TABLE device (
  uuid   UUID PRIMARY KEY NOT NULL,
  label  TEXT NOT NULL,
  owner  INTEGER REFERENCES item(id)
);

-- A TEXT key.
CREATE TABLE country (
  code  TEXT PRIMARY KEY NOT NULL,
  name  TEXT NOT NULL
);

-- INT PRIMARY KEY is not a rowid alias: the key is passed explicitly.
CREATE TABLE legacy (
  number  INT PRIMARY KEY,
  label   TEXT
);

-- A compound key, WITHOUT ROWID, and a foreign key to the compound key.
CREATE TABLE edition (
  country_code  TEXT NOT NULL REFERENCES country(code),
  item_id       INTEGER NOT NULL REFERENCES item(id) ON DELETE CASCADE,
  released      DATE NOT NULL,
  PRIMARY KEY (country_code, item_id)
) WITHOUT ROWID;

CREATE TABLE edition_note (
  id            INTEGER PRIMARY KEY,
  country_code  TEXT NOT NULL,
  item_id       INTEGER NOT NULL,
  body          TEXT NOT NULL,
  FOREIGN KEY (country_code, item_id) REFERENCES edition (country_code, item_id)
);

-- STRICT with generated columns (never inserted or updated).
CREATE TABLE measurement (
  id       INTEGER PRIMARY KEY,
  width    REAL NOT NULL,
  height   REAL NOT NULL,
  area     REAL GENERATED ALWAYS AS (width * height) STORED,
  label    TEXT GENERATED ALWAYS AS ('w' || width) VIRTUAL,
  payload  ANY
) STRICT;

-- Two keys to the same table; a self reference.
CREATE TABLE employee (
  id          INTEGER PRIMARY KEY,
  name        TEXT NOT NULL,
  manager_id  INTEGER REFERENCES employee(id),
  mentor_id   INTEGER REFERENCES employee(id)
);

-- A table without a primary key, and a single-column table.
CREATE TABLE log_line (message TEXT NOT NULL, at DATETIME);
CREATE TABLE tag (label TEXT);

CREATE UNIQUE INDEX item_by_name ON item (name);

-- Views over aggregates and joins.
CREATE VIEW item_stats AS
SELECT count(*) AS items, sum(quantity) AS units, avg(price) AS average_price, max(created) AS newest,
       min(weight) AS lightest, total(price) AS price_total
FROM item;

CREATE VIEW device_owner AS
SELECT device.label, item.name AS owner_name, item.is_active
FROM device LEFT JOIN item ON item.id = device.owner;

CREATE VIEW tag_label AS SELECT label FROM tag;

CREATE TRIGGER item_touch AFTER UPDATE OF name ON item
BEGIN
  UPDATE item SET touched = CURRENT_TIMESTAMP WHERE id = new.id;
END;

PRAGMA user_version = 3;
