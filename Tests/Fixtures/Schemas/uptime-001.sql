-- Version 1 is a `.schema` dump, as the sqlite3 shell writes one for a database that uses
-- AUTOINCREMENT and ANALYZE (Grafana's, Lightroom's and Uptime Kuma's look like this):
-- SQLite's own tables are in it, and SQLite refuses to create them.
CREATE TABLE monitor (id INTEGER PRIMARY KEY AUTOINCREMENT, name VARCHAR(150) NOT NULL, kind VARCHAR(20) NOT NULL DEFAULT 'http', interval INTEGER NOT NULL DEFAULT 60);
CREATE TABLE sqlite_sequence(name,seq);
CREATE TABLE setting (key VARCHAR(200) PRIMARY KEY NOT NULL, value TEXT);
CREATE INDEX monitor_by_name ON monitor (name);
CREATE TABLE sqlite_stat1(tbl,idx,stat);
CREATE TABLE sqlite_stat4(tbl,idx,neq,nlt,ndlt,sample);
INSERT INTO setting VALUES ('schema', '1');
