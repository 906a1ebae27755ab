-- Queries the tracker runs, as typed functions on `Issues` (the build plugin finds this
-- file by its `-- name:` lines and checks every query against the schema).

-- name: issueSummaries :many
-- Each issue with its number of comments and its labels (a join and a group).
SELECT issue.issue_id, issue.title, issue.state, issue.priority,
       (SELECT count(*) FROM comment WHERE comment.issue_id = issue.issue_id) AS comment_count,
       coalesce(group_concat(label.name, ','), '') AS labels
FROM issue
LEFT JOIN issue_label ON issue_label.issue_id = issue.issue_id
LEFT JOIN label ON label.label_id = issue_label.label_id
GROUP BY issue.issue_id
ORDER BY issue.issue_id;

-- name: upsertLabel :one
-- Creates the label `name`, or changes its colour when it exists.
INSERT INTO label (name, color) VALUES (:name, :color)
ON CONFLICT (name) DO UPDATE SET color = excluded.color
RETURNING label_id, name, color, "default", "order";

-- name: openIssueCount :one
-- How many issues are open: what GET /events streams.
SELECT count(*) AS open_count, coalesce(max(issue_id), 0) AS newest_id FROM issue WHERE state = 'open';
