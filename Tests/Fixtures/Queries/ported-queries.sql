-- Queries over ported.sql whose dates are stored as slate.json says, not as declared.

-- name: latestStamp :one
-- The newest and oldest stamps: an aggregate of a column holds that column's values, so
-- it is a Date read in the column's storage (whole unix seconds), not an Int.
SELECT max(stamp) AS newest, min(stamp) AS oldest FROM legacy_post;

-- name: stampedSince :many
-- Posts stamped after a date, through the view: the parameter is bound as the column the
-- view shows stores dates.
SELECT id, stamped FROM stamped_post WHERE stamped >= :since ORDER BY id;
