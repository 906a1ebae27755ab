-- The catalogue: who wrote what.
CREATE TABLE author (
    author_id INTEGER PRIMARY KEY,
    name      TEXT NOT NULL,
    born      INTEGER
);

CREATE TABLE book (
    book_id     INTEGER PRIMARY KEY,
    title       TEXT NOT NULL,
    author_id   INTEGER NOT NULL REFERENCES author(author_id) ON DELETE CASCADE,
    price_cents INTEGER NOT NULL CHECK (price_cents >= 0),
    published   DATE
);
CREATE INDEX book_author ON book(author_id);
