-- Named queries over the rich schema, generated in raw mode: functions on a sqlite3 handle.

-- name: itemsNamed :many
SELECT id, name, created, token FROM item WHERE name LIKE :pattern ORDER BY id;

-- name: itemByName :one
SELECT * FROM item WHERE name = :name;

-- name: itemsWithIDs :many
SELECT id, name FROM item WHERE id IN (:ids) AND quantity >= :minimum ORDER BY id;

-- name: eachEmployee :each
SELECT e.name, m.name AS manager
FROM employee e LEFT JOIN employee m ON m.id = e.manager_id
ORDER BY e.id;

-- name: renameItem :execrows
UPDATE item SET name = :name WHERE id = :id;

-- name: addTag :lastid
INSERT INTO tag (label) VALUES (:label);

-- name: clearTags :exec
DELETE FROM tag;

-- name: itemsBetween :many
-- Parameters named like the generated function's own values.
SELECT id FROM item WHERE id > :index AND name <> :statement AND quantity <> :db AND price <> :value AND note IS NOT :let
ORDER BY id;
