-- Customers, orders, stock and reviews.
CREATE TABLE customers (
  customer_id  INTEGER PRIMARY KEY,
  email        TEXT NOT NULL UNIQUE COLLATE NOCASE,
  name         TEXT NOT NULL,
  joined       DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
  marketing    BOOLEAN NOT NULL DEFAULT 0
);

CREATE TABLE addresses (
  address_id   INTEGER PRIMARY KEY,
  customer_id  INTEGER NOT NULL REFERENCES customers ON DELETE CASCADE,
  line1        TEXT NOT NULL,
  line2        TEXT,
  city         TEXT NOT NULL,
  postcode     TEXT NOT NULL
);

CREATE TABLE orders (
  order_id             INTEGER PRIMARY KEY,
  customer_id          INTEGER NOT NULL REFERENCES customers,
  shipping_address_id  INTEGER REFERENCES addresses,
  billing_address_id   INTEGER REFERENCES addresses,
  placed               DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
  shipped              DATETIME,
  status               TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'paid', 'shipped', 'cancelled'))
);

CREATE TABLE order_items (
  order_id    INTEGER NOT NULL REFERENCES orders ON DELETE CASCADE,
  book_id     INTEGER NOT NULL REFERENCES books,
  quantity    INTEGER NOT NULL CHECK (quantity > 0),
  unit_price  DECIMAL(8, 2) NOT NULL,
  PRIMARY KEY (order_id, book_id)
);

CREATE TABLE stock (
  book_id   INTEGER PRIMARY KEY REFERENCES books ON DELETE CASCADE,
  on_hand   INTEGER NOT NULL DEFAULT 0,
  reserved  INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE reviews (
  review_id    INTEGER PRIMARY KEY,
  book_id      INTEGER NOT NULL REFERENCES books ON DELETE CASCADE,
  customer_id  INTEGER REFERENCES customers ON DELETE SET NULL,
  stars        INTEGER NOT NULL CHECK (stars BETWEEN 1 AND 5),
  body         TEXT,
  written      DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

CREATE INDEX orders_by_customer ON orders (customer_id, placed DESC);
CREATE INDEX reviews_by_book ON reviews (book_id) WHERE body IS NOT NULL;
