-- Queries the shop runs, as typed functions on `Bookshop` (the build plugin finds this
-- file by its `-- name:` lines and checks every query against the schema).

-- name: orderTotal :one
-- What a purchase costs, in cents.
SELECT coalesce(sum(line.quantity * book.price_cents), 0) AS cents
FROM purchase_line line JOIN book ON book.book_id = line.book_id
WHERE line.purchase_id = :purchaseId;

-- name: topSellers :many
-- Titles by copies sold, best first, then by title.
SELECT book_id, title, copies_sold FROM book_sales
ORDER BY copies_sold DESC, title
LIMIT :limit;
