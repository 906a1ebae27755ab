-- The benchmark's one table: what every contender reads and writes. The PostgreSQL
-- DDL slate-pg-bench creates is this script as `slate schema --engine postgres` renders it.
CREATE TABLE item (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    qty INTEGER NOT NULL,
    score REAL NOT NULL,
    note TEXT
);
