-- The shop: customers and their orders, replayed after bookshop-001.sql.
CREATE TABLE customer (
    customer_id INTEGER PRIMARY KEY,
    name        TEXT NOT NULL,
    email       TEXT NOT NULL UNIQUE
);

CREATE TABLE purchase (
    purchase_id INTEGER PRIMARY KEY,
    customer_id INTEGER NOT NULL REFERENCES customer(customer_id),
    placed_at   DATETIME NOT NULL
);

CREATE TABLE purchase_line (
    purchase_id INTEGER NOT NULL REFERENCES purchase(purchase_id) ON DELETE CASCADE,
    book_id     INTEGER NOT NULL REFERENCES book(book_id),
    quantity    INTEGER NOT NULL CHECK (quantity > 0),
    PRIMARY KEY (purchase_id, book_id)
) WITHOUT ROWID;

CREATE VIEW book_sales AS
    SELECT book.book_id, book.title, coalesce(sum(purchase_line.quantity), 0) AS copies_sold
    FROM book LEFT JOIN purchase_line ON purchase_line.book_id = book.book_id
    GROUP BY book.book_id;
