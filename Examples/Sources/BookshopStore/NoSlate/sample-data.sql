-- Sample data the program loads at run time (Bookshop.loadSampleData()). Under NoSlate/,
-- so the plugins do not treat it as part of the schema.
INSERT INTO author (author_id, name, born) VALUES (1, 'Jane Austen', 1775), (2, 'Charles Darwin', 1809);
INSERT INTO book (book_id, title, author_id, price_cents, published) VALUES
    (1, 'Emma', 1, 899, '1815-12-23'),
    (2, 'Persuasion', 1, 799, '1817-12-20'),
    (3, 'On the Origin of Species', 2, 1299, '1859-11-24');
INSERT INTO customer (customer_id, name, email) VALUES (1, 'Ada', 'ada@example.com'), (2, 'Grace', 'grace@example.com');
