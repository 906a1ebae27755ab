-- Version 3: when each issue was opened and last changed. Slate sets these columns by
-- their names (created_at, updated_at: see the Timestamps recipe): an insert or a save
-- that creates the row sets both, an update or a save of an existing row sets updated_at
-- and keeps created_at.
--
-- ALTER TABLE cannot add a NOT NULL column without a constant default, nor one whose
-- default is the time now; so the columns get a placeholder default, and the issues a
-- file already holds are stamped with the time of the upgrade.
ALTER TABLE issue ADD COLUMN created_at DATETIME NOT NULL DEFAULT '1970-01-01 00:00:00.000';
ALTER TABLE issue ADD COLUMN updated_at DATETIME NOT NULL DEFAULT '1970-01-01 00:00:00.000';
-- ('now' is one time for the whole statement.)
UPDATE issue SET created_at = strftime('%Y-%m-%d %H:%M:%f', 'now'),
                 updated_at = strftime('%Y-%m-%d %H:%M:%f', 'now');
