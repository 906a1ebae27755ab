-- Values other applications write, as they write them (slate.json: Configurations/apps.json):
-- Windows' GUIDs as 16-byte blobs in Microsoft's layout and its 'TRUE'/'FALSE' booleans,
-- UUID keys as RFC 4122 blobs and as upper-case text, macOS TCC's keys that hold NULL, a
-- Lightroom-like catalog of untyped columns and Viber-like LONG columns, both typed in bulk.

-- Windows' notification database: GUIDs stored as GUID structs (the first three groups
-- little-endian), booleans as text.
CREATE TABLE "Device" (
  "DeviceGuid"      GUID PRIMARY KEY NOT NULL,
  "Name"            TEXT NOT NULL,
  "IsActive"        BOOLEAN NOT NULL DEFAULT 'FALSE',
  "IsRoaming"       BOOLEAN DEFAULT 'TRUE'
);
CREATE TABLE "Notification" (
  "Id"              INTEGER PRIMARY KEY,
  "DeviceGuid"      GUID REFERENCES "Device" ("DeviceGuid"),
  "ActivityId"      GUID,
  "Payload"         TEXT,
  "HasRead"         BOOLEAN NOT NULL DEFAULT 'FALSE',
  "IsPinned"        BOOL NOT NULL DEFAULT 0          -- SQLite's own 1 and 0
);
-- A view showing both: it reads them as their tables store them.
CREATE VIEW "UnreadNotification" AS
  SELECT n."Id", n."ActivityId", n."HasRead", d."DeviceGuid", d."IsRoaming"
  FROM "Notification" n JOIN "Device" d ON d."DeviceGuid" = n."DeviceGuid"
  WHERE n."HasRead" = 'FALSE';

-- UUID keys another way: 16 bytes in RFC 4122 order, and Foundation's upper-case uuidString.
CREATE TABLE "Session" ("id" UUID PRIMARY KEY NOT NULL, "user" TEXT NOT NULL);
CREATE TABLE "Bookmark" ("uuid" UUID PRIMARY KEY NOT NULL, "title" TEXT);

-- macOS TCC: key columns without NOT NULL, which SQLite lets hold NULL.
CREATE TABLE access (
  service                     TEXT NOT NULL,
  client                      TEXT NOT NULL,
  client_type                 INTEGER NOT NULL,
  auth_value                  INTEGER NOT NULL,
  indirect_object_identifier  TEXT DEFAULT 'UNUSED',
  PRIMARY KEY (service, client, client_type, indirect_object_identifier)
);
CREATE TABLE access_overrides (service TEXT PRIMARY KEY);
CREATE TABLE admin (key TEXT PRIMARY KEY NOT NULL, value INTEGER NOT NULL);

-- A Lightroom-like catalog: untyped columns, typed in bulk by slate.json's rules.
CREATE TABLE Adobe_images (
  id_local     INTEGER PRIMARY KEY,
  id_global    UNIQUE NOT NULL,
  aspectRatio,
  captureTime,
  colorLabels  NOT NULL DEFAULT '',
  fileFormat   NOT NULL DEFAULT 'unset',
  fileHeight,
  fileWidth,
  orientation,
  pick         NOT NULL DEFAULT 0,
  rating,
  touchCount   NOT NULL DEFAULT 0,
  touchTime    NOT NULL DEFAULT 0
);
CREATE TABLE AgLibraryFile (
  id_local     INTEGER PRIMARY KEY,
  id_global    UNIQUE NOT NULL,
  baseName     NOT NULL DEFAULT '',
  extension    NOT NULL DEFAULT '',
  folder       INTEGER NOT NULL DEFAULT 0,
  importHash,
  modTime
);

-- Viber-like: LONG, a name SQLite gives NUMERIC affinity and Slate no type of its own.
CREATE TABLE messages (
  _id              INTEGER PRIMARY KEY AUTOINCREMENT,
  conversation_id  LONG NOT NULL,
  date             LONG,
  token            LONG DEFAULT 0,
  body             TEXT,
  flag             INTEGER DEFAULT 0,
  extra_flags      LONG DEFAULT 0
);
