-- Named queries over the bookshop schema: one of each kind and inference rule.

-- name: ordersForCustomer :many
-- The orders a customer placed since a date, newest first.
SELECT o.order_id, o.placed, o.status, o.shipped
FROM orders o
WHERE o.customer_id = :customerId AND o.placed >= :since
ORDER BY o.placed DESC, o.order_id DESC;

-- name: bookByISBN :one
-- The book with an ISBN: the row is exactly a `books` row, so the function returns `Book`.
SELECT * FROM books WHERE isbn = :isbn;

-- name: booksWithAuthors :many
-- Every book with its first author, when it has one (a LEFT JOIN makes the author optional).
SELECT b.title, a.name AS author, a.born
FROM books b
LEFT JOIN book_authors ba ON ba.book_id = b.book_id AND ba.position = 1
LEFT JOIN authors a ON a.author_id = ba.author_id
ORDER BY b.title;

-- name: customerTotals :many
-- Aggregates with GROUP BY and HAVING: counts are never NULL, sums and averages can be.
SELECT c.customer_id, c.name,
       count(o.order_id) AS orders,
       sum(oi.quantity) AS copies,
       avg(oi.unit_price) AS average_price,
       max(o.placed) AS last_order,
       coalesce(sum(oi.quantity * oi.unit_price), 0.0) AS spent
FROM customers c
LEFT JOIN orders o ON o.customer_id = c.customer_id
LEFT JOIN order_items oi ON oi.order_id = o.order_id
GROUP BY c.customer_id
HAVING count(o.order_id) >= :minimumOrders
ORDER BY c.customer_id;

-- name: booksByIDs :many
-- A list parameter: `IN (:ids)` takes an array, one bound value per element.
SELECT book_id, title, CAST(price * 100 AS INTEGER) AS cents
FROM books
WHERE book_id IN (:ids) AND in_print = :inPrint
ORDER BY book_id;

-- name: reviewsBy :many
-- `IS :customerId` takes nil too: reviews whose customer was deleted have none.
SELECT review_id, stars, body AS "text!" FROM reviews
WHERE customer_id IS :customerId
ORDER BY review_id
LIMIT :limit OFFSET :offset;

-- name: rankedBooks :many
-- A CTE and a window function.
WITH sold AS (
  SELECT book_id, sum(quantity) AS copies FROM order_items GROUP BY book_id
)
SELECT b.title, coalesce(s.copies, 0) AS copies,
       rank() OVER (ORDER BY coalesce(s.copies, 0) DESC) AS position
FROM books b LEFT JOIN sold s ON s.book_id = b.book_id
ORDER BY position, b.title;

-- name: booksPricedAbove :many
-- A subquery and BETWEEN.
SELECT title, price FROM books
WHERE price > (SELECT avg(price) FROM books) AND pages BETWEEN :fewest AND :most
ORDER BY title;

-- name: countBooks :one
SELECT count(*) AS total FROM books WHERE title LIKE :pattern;

-- name: addCustomer :lastid
INSERT INTO customers (email, name, marketing) VALUES (:email, :name, :marketing);

-- name: renameCustomer :execrows
UPDATE customers SET name = :name WHERE customer_id = :customerId;

-- name: shipOrder :one
-- RETURNING gives the updated row's columns.
UPDATE orders SET status = 'shipped', shipped = :shipped WHERE order_id = :orderId
RETURNING order_id, status, shipped;

-- name: eachTitle :each
SELECT book_id, title FROM books ORDER BY book_id;

-- name: deleteReviews :exec
DELETE FROM reviews WHERE book_id = :bookId;

-- name: booksNamed :many
-- Parameters named like the generated function's own values.
SELECT book_id FROM books WHERE title IN (:context, :handle, :sql, :body) ORDER BY book_id;
