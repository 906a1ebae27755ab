-- name: stampsAfter :many
-- Rows whose dates are not before :since, in four storages: as the typed `$0.col >= since`.
SELECT id FROM stamps WHERE ms >= :since OR jd >= :sinceJulian OR ts >= :sinceWhole OR uxi >= :sinceSeconds ORDER BY id;
