import SlateRecords

extension Inventory {
    /// Adds `count` copies of a book to the stock, creating its row when it has none.
    @discardableResult
    public func receive(_ count: Int, ofBook bookID: Int) throws -> Stock {
        try transaction { tx in
            if var stock = try tx.stocks.find(bookID) {
                stock.onHand += count
                try tx.update(stock)
                return stock
            }
            return try tx.insert(Stock(bookId: bookID, onHand: count))
        }
    }
}
