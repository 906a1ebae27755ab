import Foundation
import SlateRecords
import SlateTestSupport
import Testing

#if Postgres
import SlatePostgres

/// The code generated from Tests/Fixtures/Postgres/market-001.sql (Generated/Market.swift,
/// a golden) run against both engines: the same calls on `Market` (SQLite) and
/// `Market.Postgres` give the same answers. Tables are named `user`, `order` and `select`,
/// a column `e"mail`, so every statement must quote them.
@Suite(.enabled(if: PostgresTestServer.isAvailable, PostgresTestServer.skipReason))
struct GeneratedPostgresConformanceTests {
    static let day = Date(timeIntervalSince1970: 1_700_000_000)

    static func user(
        _ name: String, mail: String? = nil, active: Bool = true, score: Double? = nil, days: Int = 0
    )
        -> Market.User
    {
        Market.User(
            name: name, eMail: mail, active: active, score: score,
            joined: day.addingTimeInterval(Double(days) * 86_400),
            token: UUID(uuidString: "00000000-0000-0000-0000-00000000000\(name.count % 10)"),
            avatar: name.hasPrefix("A") ? [0, 1, 255] : nil)
    }

    static func order(
        _ user: Int, qty: Int, price: Double, select: String? = nil, paid: Bool = false
    )
        -> Market.Order
    {
        Market.Order(
            userId: user, select: select, qty: qty, price: price, placed: day.addingTimeInterval(Double(qty)),
            paid: paid, receipt: paid ? [9, 9] : nil,
            ref: UUID(uuidString: "10000000-0000-0000-0000-0000000000\(10 + qty)")!)
    }

    /// A SQLite database and a PostgreSQL database of their own, both bootstrapped from
    /// the generated schema scripts.
    func withBoth(_ body: (Market, Market.Postgres) async throws -> Void) async throws {
        try await withBothMarkets(prefix: "slate_generated", body)
    }

    /// Inserts the same users and orders in both; returns the users as stored.
    @discardableResult
    func seed(_ sqlite: Market, _ postgres: Market.Postgres) async throws -> [Market.User] {
        let users = [
            Self.user("Ann", mail: "ann@x", score: 2.5, days: 1),
            Self.user("Bo", active: false, score: 1.0, days: 2),
            Self.user("Cy", mail: "cy@x", days: 3),
            Self.user("Al", mail: "al@x", score: 4.0, days: 4),
        ]
        let selects = [
            Market.Select(code: "a", label: "Apples", weight: 1.5), Market.Select(code: "b", label: "Bananas"),
        ]
        let stored = try await sqlite.insert(contentsOf: users)
        #expect(try await postgres.insert(contentsOf: users) == stored)
        #expect(try await sqlite.insert(contentsOf: selects) == selects)
        #expect(try await postgres.insert(contentsOf: selects) == selects)
        let orders = [
            Self.order(1, qty: 2, price: 3.5, select: "a"), Self.order(1, qty: 5, price: 1.25, paid: true),
            Self.order(2, qty: 1, price: 10, select: "b", paid: true), Self.order(4, qty: 7, price: 0.5),
        ]
        let storedOrders = try await sqlite.insert(contentsOf: orders)
        #expect(try await postgres.insert(contentsOf: orders) == storedOrders)
        return stored
    }

    @Test func insertReturnsTheRowAsStoredWithTheKeyAssigned() async throws {
        try await withBoth { sqlite, postgres in
            let first = try await sqlite.insert(Self.user("Ann", score: 1.5))
            #expect(try await postgres.insert(Self.user("Ann", score: 1.5)) == first)
            #expect(first.id == 1)
            #expect(first.active == true)
            #expect(first.joined == Self.day)
            // An explicit key, then one left to the engine: both continue after it.
            var explicit = Self.user("Bo")
            explicit.id = 10
            #expect(try await sqlite.insert(explicit).id == 10)
            #expect(try await postgres.insert(explicit).id == 10)
            // A smaller explicit key after it does not move the identity back.
            explicit.id = 5
            #expect(try await sqlite.insert(explicit).id == 5)
            #expect(try await postgres.insert(explicit).id == 5)
            let next = try await sqlite.insert(Self.user("Cy"))
            #expect(next.id == 11)
            #expect(try await postgres.insert(Self.user("Cy")) == next)
            // save with an explicit key inserts too, and moves the identity the same way.
            explicit.id = 20
            #expect(try await sqlite.save(explicit).id == 20)
            #expect(try await postgres.save(explicit).id == 20)
            #expect(try await sqlite.insert(Self.user("Di")).id == 21)
            #expect(try await postgres.insert(Self.user("Di")).id == 21)
            // A text key is stored as given.
            let select = Market.Select(code: "x\"'y", label: "quotes", weight: -0.0)
            #expect(try await postgres.insert(select) == select)
            #expect(try await postgres.selects.find("x\"'y") == select)
            #expect(try await postgres.users.find(11) == next)
            #expect(try await postgres.users.find(12) == nil)
            #expect(try await sqlite.users.find(12) == nil)
            #expect(try await postgres.users.fetch(orderBy: { $0.id.ascending }).map(\.id) == [1, 5, 10, 11, 20, 21])
            #expect(
                try await postgres.users.fetch(orderBy: { $0.id.ascending })
                    == sqlite.users.fetch(orderBy: { $0.id.ascending }))
        }
    }

    @Test func findFetchAndCountAgreeWithSQLite() async throws {
        try await withBoth { sqlite, postgres in
            try await seed(sqlite, postgres)
            let active = try await sqlite.users.fetch(
                where: { $0.active == true && $0.score > 1.5 }, orderBy: { $0.name.descending }, limit: 2)
            #expect(active.map(\.name) == ["Ann", "Al"])
            #expect(
                try await postgres.users.fetch(
                    where: { $0.active == true && $0.score > 1.5 }, orderBy: { $0.name.descending }, limit: 2)
                    == active)
            let noMail = try await sqlite.users.fetch(where: { $0.eMail == nil })
            #expect(noMail.map(\.name) == ["Bo"])
            #expect(try await postgres.users.fetch(where: { $0.eMail == nil }) == noMail)
            let later = try await sqlite.users.fetch(
                where: { $0.joined >= Self.day.addingTimeInterval(3 * 86_400) }, orderBy: { $0.joined.ascending })
            #expect(later.map(\.name) == ["Cy", "Al"])
            #expect(
                try await postgres.users.fetch(
                    where: { $0.joined >= Self.day.addingTimeInterval(3 * 86_400) }, orderBy: { $0.joined.ascending })
                    == later)
            let prefixed = try await sqlite.users.fetch(where: { $0.name.hasPrefix("A") }, orderBy: { $0.id.ascending })
            #expect(prefixed.map(\.name) == ["Ann", "Al"])
            #expect(
                try await postgres.users.fetch(where: { $0.name.hasPrefix("A") }, orderBy: { $0.id.ascending })
                    == prefixed)
            // The date query again, after the prefix query: PostgreSQL's statements are
            // keyed by the whole shape.
            #expect(
                try await postgres.users.fetch(
                    where: { $0.joined >= Self.day.addingTimeInterval(3 * 86_400) }, orderBy: { $0.id.ascending }
                ).map(\.name) == ["Cy", "Al"])
            let page = try await sqlite.users.fetch(orderBy: { $0.score.ascending }, limit: 2, offset: 1)
            #expect(page.map(\.name) == ["Bo", "Ann"])
            #expect(try await postgres.users.fetch(orderBy: { $0.score.ascending }, limit: 2, offset: 1) == page)
            let inList = try await sqlite.orders.fetch(where: { $0.userId.in([1, 4]) && $0.paid == false })
            #expect(inList.map(\.qty) == [2, 7])
            #expect(try await postgres.orders.fetch(where: { $0.userId.in([1, 4]) && $0.paid == false }) == inList)
            let uuid = UUID(uuidString: "10000000-0000-0000-0000-000000000015")!
            #expect(try await postgres.orders.fetchOne(where: { $0.ref == uuid })?.qty == 5)
            #expect(try await sqlite.orders.fetchOne(where: { $0.ref == uuid })?.qty == 5)
            #expect(try await postgres.users.fetchOne(where: { $0.name == "Zed" }) == nil)
            #expect(try await sqlite.users.fetchCount() == 4)
            #expect(try await postgres.users.fetchCount() == 4)
            #expect(try await sqlite.orders.fetchCount(where: { $0.price < 4 }) == 3)
            #expect(try await postgres.orders.fetchCount(where: { $0.price < 4 }) == 3)
            #expect(try await postgres.users.find(3) == sqlite.users.find(3))
            #expect(try await postgres.users.fetch() == sqlite.users.fetch())
            #expect(try await postgres.orders.fetch() == sqlite.orders.fetch())
        }
    }

    @Test func saveInsertsThenUpdatesAndDeleteSaysWhetherARowWent() async throws {
        try await withBoth { sqlite, postgres in
            var saved = try await sqlite.save(Self.user("Ann"))
            #expect(try await postgres.save(Self.user("Ann")) == saved)
            #expect(saved.id == 1)
            saved.score = 9.75
            saved.eMail = "new@x"
            #expect(try await sqlite.save(saved) == saved)
            #expect(try await postgres.save(saved) == saved)
            #expect(try await postgres.users.find(1) == saved)
            // A text key: insert, then update in place.
            var select = Market.Select(code: "k", label: "one")
            #expect(try await postgres.save(select) == select)
            select.label = "two"
            #expect(try await postgres.save(select) == select)
            #expect(try await postgres.selects.fetch() == [select])
            // update(_:) and delete(_:) say whether a row was there.
            saved.name = "Anne"
            #expect(try await sqlite.update(saved) == true)
            #expect(try await postgres.update(saved) == true)
            var missing = saved
            missing.id = 99
            #expect(try await sqlite.update(missing) == false)
            #expect(try await postgres.update(missing) == false)
            #expect(try await postgres.users.find(1)?.name == "Anne")
            #expect(try await sqlite.users.delete(1) == true)
            #expect(try await postgres.users.delete(1) == true)
            #expect(try await sqlite.users.delete(1) == false)
            #expect(try await postgres.users.delete(1) == false)
            #expect(try await postgres.delete(select) == true)
            #expect(try await postgres.delete(select) == false)
            // A record never inserted: its identity is unassigned.
            await #expect(throws: SQLPostgresError.self) { try await postgres.update(Self.user("New")) }
        }
    }

    @Test func projectionsAndAggregatesAgree() async throws {
        try await withBoth { sqlite, postgres in
            try await seed(sqlite, postgres)
            let pairs = try await sqlite.users.select(
                \.name, \.score, where: { $0.id > 1 }, orderBy: { $0.name.ascending })
            let pgPairs = try await postgres.users.select(
                \.name, \.score, where: { $0.id > 1 }, orderBy: { $0.name.ascending })
            #expect(pairs.map(\.0) == ["Al", "Bo", "Cy"])
            #expect(pgPairs.map(\.0) == pairs.map(\.0))
            #expect(pgPairs.map(\.1) == pairs.map(\.1))
            #expect(try await sqlite.orders.sum(\.qty) == 15)
            #expect(try await postgres.orders.sum(\.qty) == 15)
            #expect(try await postgres.orders.sum(\.qty, where: { $0.qty > 100 }) == nil)
            #expect(try await sqlite.orders.average(\.price) == 3.8125)
            #expect(try await postgres.orders.average(\.price) == 3.8125)
            #expect(try await postgres.users.min(\.name) == sqlite.users.min(\.name))
            #expect(try await postgres.users.max(\.joined) == Self.day.addingTimeInterval(4 * 86_400))
            #expect(try await sqlite.users.count(\.score) == 3)
            #expect(try await postgres.users.count(\.score) == 3)
            #expect(try await postgres.users.count(\.eMail, where: { $0.active == true }) == 3)
        }
    }

    @Test func joinsAndRelationshipsFollowTheForeignKeys() async throws {
        try await withBoth { sqlite, postgres in
            try await seed(sqlite, postgres)
            let joined = try await sqlite.orders.join(
                \.user, where: { order, user in user.name.hasPrefix("A") && order.qty > 2 },
                orderBy: { order, _ in order.qty.descending })
            let pgJoined = try await postgres.orders.join(
                \.user, where: { order, user in user.name.hasPrefix("A") && order.qty > 2 },
                orderBy: { order, _ in order.qty.descending })
            #expect(joined.map { "\($0.1.name):\($0.0.qty)" } == ["Al:7", "Ann:5"])
            #expect(pgJoined.map(\.0) == joined.map(\.0))
            #expect(pgJoined.map(\.1) == joined.map(\.1))
            let left = try await sqlite.orders.leftJoin(\.selectRecord, orderBy: { order, _ in order.id.ascending })
            let pgLeft = try await postgres.orders.leftJoin(\.selectRecord, orderBy: { order, _ in order.id.ascending })
            #expect(left.map { $0.1?.label } == ["Apples", nil, "Bananas", nil])
            #expect(pgLeft.map(\.0) == left.map(\.0))
            #expect(pgLeft.map(\.1) == left.map(\.1))
            let ann = try #require(try await postgres.users.find(1))
            #expect(try await postgres.orders.fetch(for: ann) == sqlite.orders.fetch(for: ann))
            #expect(try await postgres.orders.fetch(for: ann).map(\.qty) == [2, 5])
            let first = try #require(try await postgres.orders.find(1))
            #expect(try await postgres.users.find(for: first) == ann)
            #expect(try await postgres.selects.find(for: first)?.label == "Apples")
            let second = try #require(try await postgres.orders.find(2))
            #expect(try await postgres.selects.find(for: second) == nil)
        }
    }

    @Test func bulkUpdateAndDeleteCountTheRows() async throws {
        try await withBoth { sqlite, postgres in
            try await seed(sqlite, postgres)
            #expect(try await sqlite.orders.update(set: \.paid, to: true, where: { $0.userId == 1 }) == 2)
            #expect(try await postgres.orders.update(set: \.paid, to: true, where: { $0.userId == 1 }) == 2)
            #expect(try await sqlite.users.update(set: \.eMail, to: nil) == 4)
            #expect(try await postgres.users.update(set: \.eMail, to: nil) == 4)
            let noon = Self.day.addingTimeInterval(43_200)
            #expect(try await postgres.orders.update(set: \.placed, to: noon, where: { $0.qty > 4 }) == 2)
            #expect(try await sqlite.orders.update(set: \.placed, to: noon, where: { $0.qty > 4 }) == 2)
            // Updated rows move in PostgreSQL's heap: compared in key order.
            #expect(
                try await postgres.orders.fetch(orderBy: { $0.id.ascending })
                    == sqlite.orders.fetch(orderBy: { $0.id.ascending }))
            #expect(
                try await postgres.users.fetch(orderBy: { $0.id.ascending })
                    == sqlite.users.fetch(orderBy: { $0.id.ascending }))
            #expect(try await postgres.orders.fetchOne(where: { $0.qty == 5 })?.placed == noon)
            // The database-level forms.
            #expect(try await sqlite.update(\.users, set: \.score, to: 0, where: { $0.score == nil }) == 1)
            #expect(try await postgres.update(\.users, set: \.score, to: 0, where: { $0.score == nil }) == 1)
            let names = try await postgres.select(from: \.users, \.name, \.score, where: { $0.score == 0 })
            #expect(names.map(\.0) == ["Cy"])
            #expect(names.map(\.1) == [0])
            #expect(
                try await sqlite.select(from: \.users, \.name, \.score, where: { $0.score == 0 }).map(\.0) == ["Cy"])
            #expect(try await postgres.delete(from: \.selects, where: { $0.code == "none" }) == 0)
            #expect(try await sqlite.orders.delete(where: { $0.paid == true }) == 3)
            #expect(try await postgres.orders.delete(where: { $0.paid == true }) == 3)
            #expect(try await postgres.orders.delete(where: { $0.paid == true }) == 0)
            // ON DELETE CASCADE on both.
            #expect(try await postgres.users.delete(4) == true)
            #expect(try await sqlite.users.delete(4) == true)
            #expect(try await postgres.orders.fetchCount() == 0)
            #expect(try await sqlite.orders.fetchCount() == 0)
        }
    }

    @Test func aWalkStreamsEveryRowInOrder() async throws {
        try await withBoth { sqlite, postgres in
            let users = (0..<300).map { Self.user("u\($0)", score: Double($0 % 7)) }
            _ = try await sqlite.insert(contentsOf: users)
            _ = try await postgres.insert(contentsOf: users)
            // Long lists are one array parameter on PostgreSQL (`= ANY($1)`).
            let ids = Array(1...250) + [100_000]
            #expect(try await sqlite.users.fetchCount(where: { $0.id.in(ids) }) == 250)
            #expect(try await postgres.users.fetchCount(where: { $0.id.in(ids) }) == 250)
            let names = (0..<200).map { "u\($0 * 2)" }
            #expect(try await postgres.users.fetchCount(where: { $0.name.in(names) }) == 150)
            #expect(try await sqlite.users.fetchCount(where: { $0.name.in(names) }) == 150)
            let seen = LockedNames()
            try await postgres.users.forEach(where: { $0.score >= 3 }, orderBy: { $0.id.descending }) { user in
                seen.append(user.name)
            }
            let expected = try await sqlite.users.fetch(where: { $0.score >= 3 }, orderBy: { $0.id.descending })
            #expect(seen.names.count == 171)
            #expect(seen.names == expected.map(\.name))
            // A throwing body ends the walk with its error.
            struct Stop: Error {}
            let counted = LockedNames()
            await #expect(throws: Stop.self) {
                try await postgres.users.forEach { user in
                    counted.append(user.name)
                    if counted.names.count == 5 { throw Stop() }
                }
            }
            #expect(counted.names.count == 5)
            // The walk in a transaction sees the transaction's rows.
            let inside = try await postgres.transaction { tx in
                _ = try await tx.insert(Self.user("late"))
                let names = LockedNames()
                try await tx.users.forEach(where: { $0.name == "late" }) { names.append($0.name) }
                return names.names
            }
            #expect(inside == ["late"])
        }
    }

    @Test func theViewIsReadOnlyAndAgrees() async throws {
        try await withBoth { sqlite, postgres in
            try await seed(sqlite, postgres)
            let totals = try await sqlite.orderTotals.fetch(orderBy: { $0.userId.ascending })
            #expect(totals.map(\.units) == [7, 1, 7])
            #expect(try await postgres.orderTotals.fetch(orderBy: { $0.userId.ascending }) == totals)
            #expect(try await postgres.orderTotals.fetchCount(where: { $0.orders > 1 }) == 1)
        }
    }

    @Test func transactionsGroupCallsAndRollBack() async throws {
        try await withBoth { _, postgres in
            let stored = try await postgres.transaction { tx in
                let one = try await tx.insert(Self.user("One"))
                let two = try await tx.insert(Self.user("Two"))
                #expect(try await tx.users.fetchCount() == 2)
                return [one, two]
            }
            #expect(stored.map(\.id) == [1, 2])
            struct Undo: Error {}
            await #expect(throws: Undo.self) {
                try await postgres.transaction { tx in
                    _ = try await tx.insert(Self.user("Three"))
                    throw Undo()
                }
            }
            #expect(try await postgres.users.fetchCount() == 2)
            let read = try await postgres.readTransaction { tx in try await tx.users.fetch().map(\.name) }
            #expect(read == ["One", "Two"])
            // The database's own accessors, called inside a transaction, join it (as a
            // nested read or write does): they see its rows, and its rollback undoes them.
            await #expect(throws: Undo.self) {
                try await postgres.transaction { tx in
                    let inner = try await tx.insert(Self.user("Inner"))
                    #expect(try await postgres.users.fetchCount() == 3)
                    let also = try await postgres.insert(Self.user("Also"))
                    #expect(also.id == inner.id + 1)
                    #expect(try await tx.users.find(also.id)?.name == "Also")
                    throw Undo()
                }
            }
            #expect(try await postgres.users.fetchCount() == 2)
        }
    }

    @Test func errorsNameTheTableAndColumn() async throws {
        try await withBoth { sqlite, postgres in
            let ann = try await postgres.insert(Self.user("Ann", mail: "a@x"))
            _ = try await sqlite.insert(Self.user("Ann", mail: "a@x"))
            // A duplicate key, on both.
            #expect(throws: SQLError.self) { try sqlite.insert(ann) }
            let duplicate = await #expect(throws: SQLPostgresError.self) { try await postgres.insert(ann) }
            #expect(duplicate?.sqlState == "23505")
            #expect(duplicate?.table == "user")
            // A duplicate of the unique `e"mail`.
            let unique = await #expect(throws: SQLPostgresError.self) {
                try await postgres.insert(Self.user("Other", mail: "a@x"))
            }
            #expect(unique?.sqlState == "23505")
            #expect(try await postgres.users.fetchCount() == 1)
            // A value the Swift type cannot hold: the schema drifted under the code.
            try await postgres.write { context in
                try await context.exec(sql: #"ALTER TABLE "user" ALTER COLUMN "name" DROP NOT NULL"#)
                try await context.exec(sql: #"UPDATE "user" SET "name" = NULL"#)
            }
            let mismatch = await #expect(throws: SQLPostgresError.self) { try await postgres.users.fetch() }
            #expect(mismatch?.kind == .mismatch)
            #expect(mismatch?.table == "user")
            #expect(mismatch?.column == "name")
            let inSelect = await #expect(throws: SQLPostgresError.self) {
                try await postgres.users.select(\.id, \.name)
            }
            #expect(inSelect?.table == "user")
            #expect(inSelect?.column == "name")
            let inFind = await #expect(throws: SQLPostgresError.self) { try await postgres.users.find(ann.id) }
            #expect(inFind?.table == "user")
            #expect(inFind?.column == "name")
            // NaN is refused before anything is sent, naming the column.
            let nan = await #expect(throws: SQLPostgresError.self) {
                try await postgres.insert(Self.user("Nan", score: .nan))
            }
            #expect(nan?.kind == .invalidParameter)
            #expect(nan?.table == "user")
            #expect(nan?.column == "score")
            // Text with NUL, in a quoted column.
            let nul = await #expect(throws: SQLPostgresError.self) {
                try await postgres.insert(Self.user("Nul", mail: "a\u{0}b"))
            }
            #expect(nul?.column == "e\"mail")
        }
    }

    @Test func aFailedStatementInsideATransactionLeavesItUnusable() async throws {
        try await withBoth { _, postgres in
            let ann = try await postgres.insert(Self.user("Ann"))
            let error = await #expect(throws: SQLPostgresError.self) {
                try await postgres.transaction { tx in
                    _ = try await tx.insert(Self.user("Kept?"))
                    do {
                        _ = try await tx.insert(ann)
                    } catch {
                        // Caught: PostgreSQL has aborted the transaction all the same.
                    }
                    _ = try await tx.insert(Self.user("After"))
                }
            }
            #expect(error?.kind == .transactionAborted)
            #expect(try await postgres.users.fetch().map(\.name) == ["Ann"])
        }
    }

    @Test func concurrentInsertsEachGetTheirOwnKey() async throws {
        try await withBoth { _, postgres in
            try await withThrowingTaskGroup(of: [Int].self) { group in
                for task in 0..<4 {
                    group.addTask {
                        var ids: [Int] = []
                        for index in 0..<25 { ids.append(try await postgres.insert(Self.user("t\(task)-\(index)")).id) }
                        return ids
                    }
                }
                var all: [Int] = []
                for try await ids in group { all += ids }
                #expect(all.sorted() == Array(1...100))
            }
            #expect(try await postgres.users.fetchCount() == 100)
            #expect(try await postgres.users.fetchCount(where: { $0.name.hasPrefix("t3-") }) == 25)
        }
    }

    @Test func codeWrittenOnceAgainstTablesRunsOnTheDatabaseAndInATransaction() async throws {
        try await withBoth { _, postgres in
            @Sendable func addTwo(_ store: some Market.Postgres.Tables) async throws -> Int {
                _ = try await store.insert(Self.user("x"))
                _ = try await store.insert(Self.user("y"))
                return try await store.users.fetchCount()
            }
            let direct = try await addTwo(postgres)
            #expect(direct == 2)
            let inTransaction = try await postgres.transaction { tx in try await addTwo(tx) }
            #expect(inTransaction == 4)
        }
    }

    /// `observe` on both engines: the typed API inside, the value at once, and again after
    /// each commit that changes a table it names (SQLite: what it read); a commit to
    /// another table and a rolled-back transaction give no value, so each next value is the
    /// next insert's count.
    @Test(.timeLimit(.minutes(1))) func anObservationSeesEachCommitOnBothEngines() async throws {
        try await withBoth { sqlite, postgres in
            try await postgres.database.installChangeNotifications()
            var onSQLite = sqlite.observe { tx in try tx.users.fetchCount(where: { $0.active == true }) }
                .makeAsyncIterator()
            var onPostgres = postgres.observe(tables: [Market.User.self]) { tx in
                try await tx.users.fetchCount(where: { $0.active == true })
            }.makeAsyncIterator()
            #expect(try await onSQLite.next() == 0)
            #expect(try await onPostgres.next() == 0)
            for round in 1...3 {
                _ = try await sqlite.insert(Market.Select(code: "s\(round)", label: "other table"))
                _ = try await postgres.insert(Market.Select(code: "s\(round)", label: "other table"))
                await #expect(throws: CancelledInsert.self) {
                    try await postgres.transaction { tx in
                        _ = try await tx.insert(Self.user("gone"))
                        throw CancelledInsert()
                    }
                }
                _ = try await sqlite.insert(Self.user("u\(round)"))
                _ = try await postgres.insert(Self.user("u\(round)"))
                #expect(try await onSQLite.next() == round)
                #expect(try await onPostgres.next() == round)
            }
        }
    }
}

private struct CancelledInsert: Error {}

/// Names collected by a walk's body (which is `@Sendable`).
private final class LockedNames: @unchecked Sendable {
    private let lock = NSLock()
    private var collected: [String] = []

    func append(_ name: String) {
        lock.lock()
        collected.append(name)
        lock.unlock()
    }

    var names: [String] {
        lock.lock()
        defer { lock.unlock() }
        return collected
    }
}
/// A SQLite `Market` in a temporary directory and a `Market.Postgres` in a database of its
/// own on the test server (dropped after), both bootstrapped from the generated scripts.
func withBothMarkets(prefix: String, _ body: (Market, Market.Postgres) async throws -> Void) async throws {
    let directory = TemporaryDirectory()
    let sqlite = try Market.bootstrap(at: directory.path("market.sqlite"))
    let name = try await TestDatabase.create(prefix: prefix)
    let postgres: Market.Postgres
    do {
        postgres = try await Market.Postgres.bootstrap(url: TestDatabase.url(name))
    } catch {
        try await TestDatabase.drop(name)
        throw error
    }
    do {
        try await body(sqlite, postgres)
    } catch {
        await postgres.close()
        try await TestDatabase.drop(name)
        throw error
    }
    await postgres.close()
    try await TestDatabase.drop(name)
}
#endif
