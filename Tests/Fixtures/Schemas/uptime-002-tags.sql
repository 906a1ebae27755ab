-- Version 2 is a patch in Uptime Kuma's shape: foreign keys switched off around its own
-- transaction.
PRAGMA foreign_keys = off;

BEGIN TRANSACTION;

CREATE TABLE tag (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    name VARCHAR(255) NOT NULL,
    color VARCHAR(255) NOT NULL DEFAULT '#808080'
);

CREATE TABLE monitor_tag (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    monitor_id INTEGER NOT NULL REFERENCES monitor(id) ON DELETE CASCADE,
    tag_id INTEGER NOT NULL REFERENCES tag(id) ON DELETE CASCADE,
    value TEXT
);

CREATE INDEX monitor_tag_by_monitor ON monitor_tag (monitor_id);

-- The END closing this body (and the CASE in it) is not the script's END TRANSACTION.
CREATE TRIGGER tag_trimmed AFTER INSERT ON tag
BEGIN
    SELECT CASE WHEN trim(NEW.name) = '' THEN RAISE(ABORT, 'a tag needs a name') END;
    UPDATE tag SET name = trim(name) WHERE id = NEW.id;
END;

INSERT INTO tag (name, color) VALUES ('production', '#d00000'), (' staging ', '#00a000');
UPDATE setting SET value = '2' WHERE key = 'schema';

COMMIT;

PRAGMA foreign_keys = on;
