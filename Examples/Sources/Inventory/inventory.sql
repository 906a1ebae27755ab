-- Stock levels, generated into inventory.generated.swift by the command plugin.
CREATE TABLE stock (
    book_id  INTEGER PRIMARY KEY,
    on_hand  INTEGER NOT NULL DEFAULT 0,
    location TEXT
);
