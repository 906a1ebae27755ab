-- name: notificationsOfDevice :many
-- A device's notifications, read or not: the GUID and the boolean are bound as their
-- columns store them.
SELECT "Id", "Payload" FROM "Notification" WHERE "DeviceGuid" = :device AND "HasRead" = :read ORDER BY "Id";

-- name: markRead :execrows
UPDATE "Notification" SET "HasRead" = :read WHERE "ActivityId" = :activity;
