-- The bookshop's catalog: authors, publishers, books, categories.
CREATE TABLE authors (
  author_id   INTEGER PRIMARY KEY,
  name        TEXT NOT NULL,
  born        DATE,
  website     URL
);

CREATE TABLE publishers (
  publisher_id  INTEGER PRIMARY KEY,
  name          TEXT NOT NULL UNIQUE,
  country       TEXT NOT NULL DEFAULT 'GB'
);

CREATE TABLE books (
  book_id       INTEGER PRIMARY KEY,
  isbn          TEXT NOT NULL UNIQUE,
  title         TEXT NOT NULL,
  publisher_id  INTEGER NOT NULL REFERENCES publishers ON DELETE RESTRICT,
  published     DATE,
  price         DECIMAL(8, 2) NOT NULL,
  pages         INTEGER CHECK (pages > 0),
  in_print      BOOLEAN NOT NULL DEFAULT TRUE
);

CREATE TABLE book_authors (
  book_id    INTEGER NOT NULL REFERENCES books ON DELETE CASCADE,
  author_id  INTEGER NOT NULL REFERENCES authors ON DELETE CASCADE,
  position   INTEGER NOT NULL DEFAULT 1,
  PRIMARY KEY (book_id, author_id)
);

CREATE TABLE categories (
  category_id  INTEGER PRIMARY KEY,
  name         TEXT NOT NULL,
  parent_id    INTEGER REFERENCES categories
);

CREATE TABLE book_categories (
  book_id      INTEGER NOT NULL REFERENCES books ON DELETE CASCADE,
  category_id  INTEGER NOT NULL REFERENCES categories ON DELETE CASCADE,
  PRIMARY KEY (book_id, category_id)
) WITHOUT ROWID;

CREATE INDEX books_by_publisher ON books (publisher_id);
