import Foundation
import SlateRecords
import SlateTestSupport
import Testing

/// A hand-written record with a compound primary key.
struct Enrollment: SQLCodableRecord, Equatable {
    static let tableName = "enrollment"
    static let primaryKeys = ["student_id", "course"]
    var student_id: Int
    var course: String
    var grade: String?
}

/// A hand-written record whose rowid key SQLite assigns.
struct Memo: SQLCodableRecord, Equatable {
    static let tableName = "memo"
    var id: Int?
    var text: String
    var due: Date?
}

/// SkipSQL's record calls for hand-written types: insert that refuses an existing key,
/// compound keys, and a record's values by column name.
@Suite struct CodableKeyTests {
    private func context() throws -> SQLContext {
        let context = try SQLContext()
        try context.exec(
            sql: """
                CREATE TABLE enrollment (student_id INTEGER NOT NULL, course TEXT NOT NULL, grade TEXT,
                                         PRIMARY KEY (student_id, course));
                CREATE TABLE memo (id INTEGER PRIMARY KEY, text TEXT NOT NULL, due TEXT);
                """)
        return context
    }

    @Test func insertRefusesAnExistingKeyWhereSaveUpdates() throws {
        let db = try context()
        defer { db.close() }
        let memo = try db.insert(Memo(text: "first"))
        #expect(memo.id == 1)
        expectSQLError(.constraintPrimaryKey, "UNIQUE constraint failed: memo.id") {
            _ = try db.insert(Memo(id: 1, text: "again"))
        }
        #expect(try db.load(Memo.self, key: 1) == memo)
        // save is the upsert.
        #expect(try db.save(Memo(id: 1, text: "again")).text == "again")
        #expect(try db.fetchCount(Memo.self) == 1)
        // Inside a transaction, a refused insert leaves the rest to the caller.
        try db.transaction {
            _ = try db.insert(Memo(text: "second"))
            #expect(throws: SQLError.self) { _ = try db.insert(Memo(id: 2, text: "duplicate")) }
        }
        #expect(try db.fetch(Memo.self).map(\.text) == ["again", "second"])
    }

    @Test func aCompoundKeyLoadsSavesAndDeletesByTheWholeKey() throws {
        let db = try context()
        defer { db.close() }
        try db.save(Enrollment(student_id: 1, course: "math", grade: nil))
        try db.save(Enrollment(student_id: 1, course: "art", grade: "B"))
        try db.save(Enrollment(student_id: 2, course: "math", grade: "C"))
        // The same whole key updates; a key sharing one column is another row.
        try db.save(Enrollment(student_id: 1, course: "math", grade: "A"))
        #expect(try db.fetchCount(Enrollment.self) == 3)
        #expect(
            try db.load(Enrollment.self, keys: [1, "math"]) == Enrollment(student_id: 1, course: "math", grade: "A"))
        #expect(try db.load(Enrollment.self, keys: [2, "art"]) == nil)
        expectSQLError(.misuse, "Enrollment's primary key has 2 columns (student_id, course), and 1 value was given") {
            _ = try db.load(Enrollment.self, key: 1)
        }
        expectSQLError(.constraintPrimaryKey, "UNIQUE constraint failed: enrollment.student_id, enrollment.course") {
            _ = try db.insert(Enrollment(student_id: 2, course: "math", grade: nil))
        }
        #expect(try db.delete(Enrollment(student_id: 1, course: "art", grade: nil)))
        #expect(try db.delete(Enrollment.self, keys: [2, "math"]))
        #expect(try !db.delete(Enrollment.self, keys: [2, "math"]))
        #expect(try db.fetch(Enrollment.self) == [Enrollment(student_id: 1, course: "math", grade: "A")])
    }

    @Test func theAsyncFormsThroughAPool() async throws {
        let directory = TemporaryDirectory()
        let pool = try SQLPool(path: directory.path("keys.sqlite"))
        defer { pool.close() }
        try await pool.write { context in
            try context.exec(
                sql:
                    "CREATE TABLE enrollment (student_id INTEGER NOT NULL, course TEXT NOT NULL, grade TEXT, PRIMARY KEY (student_id, course))"
            )
        }
        _ = try await pool.insert(Enrollment(student_id: 7, course: "law", grade: nil))
        #expect(try await pool.load(Enrollment.self, keys: [7, "law"])?.course == "law")
        #expect(try await pool.delete(Enrollment.self, keys: [7, "law"]))
        #expect(try await pool.fetchCount(Enrollment.self) == 0)
    }

    @Test func encodedRowGivesTheValuesAsStored() throws {
        let memo = Memo(id: nil, text: "call", due: Date(timeIntervalSince1970: 86_400))
        let row = try memo.encodedRow()
        #expect(row == ["id": .null, "text": .text("call"), "due": .text("1970-01-02 00:00:00.000")], "\(row)")
        #expect(
            try Enrollment(student_id: 3, course: "x", grade: nil).encodedRow() == [
                "student_id": .integer(3), "course": .text("x"), "grade": .null,
            ])
    }
}

/// Joins of two hand-written record types on named key paths.
@Suite struct CodableJoinTests {
    struct Author: SQLCodableRecord, Equatable {
        static let tableName = "author"
        var id: Int?
        var name: String
    }

    struct Book: SQLCodableRecord, Equatable {
        static let tableName = "book"
        var id: Int?
        var title: String
        var author_id: Int?
        var updated: Date
        var created: Date
        var shout: String { title.uppercased() }
    }

    private func context() throws -> SQLContext {
        let context = try SQLContext()
        try context.exec(
            sql: """
                CREATE TABLE author (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
                CREATE TABLE book (id INTEGER PRIMARY KEY, title TEXT NOT NULL, author_id INTEGER REFERENCES author,
                                   updated TEXT NOT NULL, created TEXT NOT NULL);
                """)
        let day = Date(timeIntervalSince1970: 86_400)
        try context.save(Author(name: "Ada"))
        try context.save(Author(name: "Grace"))
        try context.save(Book(title: "Notes", author_id: 1, updated: day, created: day))
        try context.save(Book(title: "Compilers", author_id: 2, updated: day, created: day))
        try context.save(Book(title: "Anonymous", author_id: nil, updated: day, created: day))
        try context.save(Book(title: "Engines", author_id: 1, updated: day, created: day))
        return context
    }

    @Test func innerAndLeftJoinsWithPredicatesAndOrdersOverBothSides() throws {
        let db = try context()
        defer { db.close() }
        let pairs = try db.join(
            Book.self, Author.self, on: \.author_id, equals: \.id, orderBy: { book, _ in book.title.ascending })
        #expect(pairs.map { "\($0.0.title)/\($0.1.name)" } == ["Compilers/Grace", "Engines/Ada", "Notes/Ada"])
        let ada = try db.join(
            Book.self, Author.self, on: \.author_id, equals: \.id,
            where: { book, author in author.name == "Ada" && book.title.hasPrefix("N") })
        #expect(ada.map(\.0.title) == ["Notes"])
        let all = try db.leftJoin(
            Book.self, Author.self, on: \.author_id, equals: \.id,
            orderBy: { _, author in author.name.descending }, limit: 10)
        #expect(
            all.map { "\($0.0.title)/\($0.1?.name ?? "-")" } == [
                "Compilers/Grace", "Notes/Ada", "Engines/Ada", "Anonymous/-",
            ])
        // The same joins in plain SQL.
        let sql = try db.query(sql: "SELECT count(*) FROM book JOIN author ON book.author_id = author.id")
        #expect(sql == [[.integer(Int64(pairs.count))]])
    }

    @Test func theAsyncJoinsThroughAPool() async throws {
        let directory = TemporaryDirectory()
        let pool = try SQLPool(path: directory.path("books.sqlite"))
        defer { pool.close() }
        try await pool.write { context in
            try context.exec(
                sql: """
                    CREATE TABLE author (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
                    CREATE TABLE book (id INTEGER PRIMARY KEY, title TEXT NOT NULL, author_id INTEGER REFERENCES author,
                                       updated TEXT NOT NULL, created TEXT NOT NULL);
                    INSERT INTO author VALUES (1, 'Ada');
                    INSERT INTO book VALUES (1, 'Notes', 1, '2020-01-01', '2020-01-01'), (2, 'Anonymous', NULL, '2020-01-01', '2020-01-01');
                    """)
        }
        let inner = try await pool.join(Book.self, Author.self, on: \.author_id, equals: \.id)
        #expect(inner.map { "\($0.0.title)/\($0.1.name)" } == ["Notes/Ada"])
        let left = try await pool.leftJoin(
            Book.self, Author.self, on: \.author_id, equals: \.id, orderBy: { book, _ in book.id.ascending })
        #expect(left.map { "\($0.0.title)/\($0.1?.name ?? "-")" } == ["Notes/Ada", "Anonymous/-"])
    }

    @Test func aKeyPathToAComputedPropertyIsAnError() throws {
        let db = try context()
        defer { db.close() }
        #expect(throws: SQLError.self) {
            _ = try db.join(
                Book.self, Author.self, on: \.author_id, equals: \.id, where: { book, _ in book.shout == "NOTES" })
        }
    }
}
