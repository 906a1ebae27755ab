-- Version 3 is in node-mbtiles' shape: a whole schema inside BEGIN TRANSACTION; … END TRANSACTION;
-- with its metadata rows and fixed planner statistics (ANALYZE, then sqlite_stat1 rows,
-- as a `.dump` writes them).
BEGIN TRANSACTION;

CREATE TABLE IF NOT EXISTS map (
    zoom_level INTEGER NOT NULL,
    tile_column INTEGER NOT NULL,
    tile_row INTEGER NOT NULL,
    tile_id TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS images (tile_id TEXT PRIMARY KEY NOT NULL, tile_data BLOB NOT NULL);
CREATE TABLE IF NOT EXISTS metadata (name TEXT PRIMARY KEY NOT NULL, value TEXT);
CREATE UNIQUE INDEX IF NOT EXISTS map_index ON map (zoom_level, tile_column, tile_row);
CREATE VIEW IF NOT EXISTS tiles AS
    SELECT map.zoom_level AS zoom_level, map.tile_column AS tile_column, map.tile_row AS tile_row,
           images.tile_data AS tile_data
    FROM map JOIN images ON images.tile_id = map.tile_id;

INSERT INTO metadata (name, value) VALUES ('format', 'png'), ('minzoom', '0'), ('maxzoom', '4');

ANALYZE sqlite_schema;
INSERT INTO sqlite_stat1 VALUES ('map', 'map_index', '1000 250 10 1');

END TRANSACTION;
