-- Reports.
CREATE VIEW bestsellers AS
SELECT b.book_id, b.title, sum(oi.quantity) AS copies_sold, sum(oi.quantity * oi.unit_price) AS revenue
FROM books b JOIN order_items oi ON oi.book_id = b.book_id
GROUP BY b.book_id
ORDER BY copies_sold DESC;

CREATE VIEW book_ratings AS
SELECT b.book_id, b.title, count(r.review_id) AS reviews, avg(r.stars) AS average_stars
FROM books b LEFT JOIN reviews r ON r.book_id = b.book_id
GROUP BY b.book_id;

CREATE VIEW customer_orders AS
SELECT c.customer_id, c.name, o.order_id, o.placed, o.status
FROM customers c LEFT JOIN orders o ON o.customer_id = c.customer_id;

CREATE TRIGGER order_items_reserve AFTER INSERT ON order_items
BEGIN
  UPDATE stock SET reserved = reserved + new.quantity WHERE book_id = new.book_id;
END;

PRAGMA user_version = 3;
