-- Version 2: a priority on each issue, and labels. A file at version 1 is upgraded at
-- start, its issues kept (each gets the default priority).
ALTER TABLE issue ADD COLUMN priority INTEGER NOT NULL DEFAULT 2 CHECK (priority BETWEEN 1 AND 3);

-- "default" and "order" are SQL keywords and Swift keywords: the generator quotes them.
CREATE TABLE label (
    label_id  INTEGER PRIMARY KEY,
    name      TEXT NOT NULL UNIQUE,
    color     TEXT NOT NULL DEFAULT 'gray',
    "default" INTEGER NOT NULL DEFAULT 0,
    "order"   INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE issue_label (
    issue_id INTEGER NOT NULL REFERENCES issue(issue_id) ON DELETE CASCADE,
    label_id INTEGER NOT NULL REFERENCES label(label_id) ON DELETE CASCADE,
    PRIMARY KEY (issue_id, label_id)
) WITHOUT ROWID;
