-- Version 1 of the issue tracker: issues and their comments.
CREATE TABLE issue (
    issue_id INTEGER PRIMARY KEY,
    title    TEXT NOT NULL CHECK (length(title) BETWEEN 1 AND 200),
    body     TEXT NOT NULL DEFAULT '',
    state    TEXT NOT NULL DEFAULT 'open' CHECK (state IN ('open', 'closed'))
);

CREATE TABLE comment (
    comment_id INTEGER PRIMARY KEY,
    issue_id   INTEGER NOT NULL REFERENCES issue(issue_id) ON DELETE CASCADE,
    author     TEXT NOT NULL,
    body       TEXT NOT NULL
);
CREATE INDEX comment_issue ON comment(issue_id);
