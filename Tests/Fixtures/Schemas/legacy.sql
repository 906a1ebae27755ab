-- A schema written for an application that runs with SQLite's legacy double-quoted
-- strings: seed rows in double quotes (datasette's fixtures), a trigger that compares
-- with "" (syncthing's), a view with a string in double quotes. Its slate.json sets
-- "doubleQuotedStrings": true.
CREATE TABLE tags (tag TEXT PRIMARY KEY NOT NULL);
INSERT INTO tags VALUES ("canine");
INSERT INTO tags VALUES ("feline");

CREATE TABLE files (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    version TEXT NOT NULL DEFAULT ''
);

CREATE TRIGGER files_versioned AFTER INSERT ON files
WHEN NEW.version = ""
BEGIN
    UPDATE files SET version = "v" || NEW.id WHERE id = NEW.id;
END;

CREATE VIEW named_files AS SELECT id, name, "file" AS kind FROM files;
