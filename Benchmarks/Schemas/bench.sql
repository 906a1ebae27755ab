-- The benchmark schema: one narrow table and a Northwind-shaped orders table.
CREATE TABLE item (
  id  INTEGER PRIMARY KEY,
  i   INTEGER NOT NULL,
  d   REAL NOT NULL,
  t   TEXT NOT NULL
);

CREATE TABLE orders (
  OrderID         INTEGER PRIMARY KEY,
  CustomerID      TEXT NOT NULL,
  EmployeeID      INTEGER NOT NULL,
  OrderDate       DATETIME NOT NULL,
  RequiredDate    DATETIME NOT NULL,
  ShippedDate     DATETIME,
  ShipVia         INTEGER NOT NULL,
  Freight         NUMERIC NOT NULL DEFAULT 0,
  ShipName        TEXT NOT NULL,
  ShipAddress     TEXT NOT NULL,
  ShipCity        TEXT NOT NULL,
  ShipRegion      TEXT,
  ShipPostalCode  TEXT,
  ShipCountry     TEXT NOT NULL
);
