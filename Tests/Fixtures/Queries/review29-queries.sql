-- name: stampsAfter :many
-- Rows whose dates are not before :since, in four storages: as the typed `$0.col >= since`.
SELECT id FROM stamps WHERE ms >= :since OR jd >= :sinceJulian OR ts >= :sinceWhole OR uxi >= :sinceSeconds ORDER BY id;

-- name: eitherDate :many
-- A date from either of two columns of different storages.
SELECT id, coalesce(jd, ms) AS at FROM stamps ORDER BY id;

-- name: bothDates :many
-- The dates of two columns of different storages, one after the other.
SELECT jd AS at FROM stamps WHERE jd IS NOT NULL UNION ALL SELECT ms FROM stamps WHERE ms IS NOT NULL;
