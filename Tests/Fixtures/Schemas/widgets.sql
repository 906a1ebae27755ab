-- Tables named like the types app developers import beside Slate (SwiftUI's List,
-- Section, Image, Label, Table; SwiftData's Schema).
CREATE TABLE list (id INTEGER PRIMARY KEY, title TEXT NOT NULL);
CREATE TABLE section (id INTEGER PRIMARY KEY, list_id INTEGER NOT NULL REFERENCES list(id), title TEXT);
CREATE TABLE image (id INTEGER PRIMARY KEY, section_id INTEGER REFERENCES section(id), bytes BLOB);
CREATE TABLE label (id INTEGER PRIMARY KEY, text TEXT NOT NULL);
CREATE TABLE "table" (id INTEGER PRIMARY KEY, name TEXT);
CREATE TABLE schema (id INTEGER PRIMARY KEY, version INTEGER);
