import Foundation
import SlateAnalysis
import SlateSchema
import SlateTestSupport
import Testing

@testable import SlateGenerator

/// Query files: parsing, parameter and result typing, and the errors generation stops
/// with, checked for their exact text.
@Suite struct QueryFileTests {
    static let schema = """
        CREATE TABLE author (id INTEGER PRIMARY KEY, name TEXT NOT NULL, born DATE);
        CREATE TABLE book (
          id INTEGER PRIMARY KEY,
          author_id INTEGER REFERENCES author,
          title TEXT NOT NULL,
          price REAL NOT NULL DEFAULT 0,
          subtitle TEXT
        );
        """

    /// Generates from the schema and `queries` (as `queries.sql`), with `configuration`.
    private func generate(
        _ queries: String, configuration: GeneratorConfiguration = GeneratorConfiguration(),
        schema: String = Self.schema
    ) throws -> String {
        let directory = TemporaryDirectory()
        let schemaPath = directory.path("shop.sql")
        let queryPath = directory.path("queries.sql")
        try schema.write(toFile: schemaPath, atomically: true, encoding: .utf8)
        try queries.write(toFile: queryPath, atomically: true, encoding: .utf8)
        return try SlateGenerator.generate(inputs: [schemaPath, queryPath], configuration: configuration).contents
    }

    /// The error generating `queries` gives, with the temporary folder left out.
    private func failure(
        _ queries: String, configuration: GeneratorConfiguration = GeneratorConfiguration(),
        schema: String = Self.schema
    ) -> String? {
        do {
            _ = try generate(queries, configuration: configuration, schema: schema)
            return nil
        } catch {
            let text = "\(error)"
            guard let range = text.range(of: "queries.sql") else { return text }
            return String(text[range.lowerBound...])
        }
    }

    private func expectContains(_ text: String, _ fragment: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(text.contains(fragment), "missing:\n\(fragment)", sourceLocation: sourceLocation)
    }

    // MARK: Parsing

    /// A date argument compared with a column is bound in that column's storage (a
    /// REAL compared with TEXT is never greater, so a query would silently match nothing).
    @Test func dateArgumentsAreBoundInTheirColumnsStorage() throws {
        var configuration = GeneratorConfiguration.withHandleFunctions
        configuration.types.dateColumns["author.born"] = .secondsSince2001
        let code = try generate(
            """
            -- name: bornAfter :many
            SELECT id FROM author WHERE born > :since;
            """, configuration: configuration)
        expectContains(code, #"try SQLRecordCoding.bind(since, statement, 1, .secondsSince2001, "bornAfter :since")"#)
    }

    /// Core Data's dates beside whole unix seconds, and a view over the first.
    static let datedSchema =
        schema + """

            CREATE TABLE event (id INTEGER PRIMARY KEY, stamp REAL, posted INTEGER);
            CREATE VIEW recent AS SELECT id, stamp AS happened FROM event;
            """

    private static var datedConfiguration: GeneratorConfiguration {
        var configuration = GeneratorConfiguration.withHandleFunctions
        configuration.types.dateColumns["event.stamp"] = .secondsSince2001
        configuration.types.dateColumns["event.posted"] = .unixTimeInteger
        return configuration
    }

    /// One value cannot be bound for two storages: comparing one parameter with columns
    /// that store dates differently is an error, not a comparison 31 years off.
    @Test func aDateParameterMeetingTwoStoragesIsAnError() throws {
        let message = failure(
            """
            -- name: since :many
            SELECT id FROM event WHERE stamp > :since OR posted > :since;
            """, configuration: Self.datedConfiguration, schema: Self.datedSchema)
        #expect(
            message
                == #"queries.sql:2:55: error: date storage conflict: :since is compared with event.stamp, which stores dates as "secondsSince2001", on line 2, and compared with event.posted here, which stores them as "unixTimeInteger"; one value cannot be bound both ways, so use a second parameter"#
        )
        // Two uses of one storage are fine.
        let code = try generate(
            """
            -- name: between :many
            SELECT id FROM event WHERE stamp > :day AND stamp < :day + 86400;
            """, configuration: Self.datedConfiguration, schema: Self.datedSchema)
        expectContains(code, #"try SQLRecordCoding.bind(day, statement, 1, .secondsSince2001, "between :day")"#)
    }

    /// A view's column stores dates as the table column it shows: a parameter compared
    /// with it is a `Date` bound in that storage.
    @Test func aDateParameterComparedWithAViewColumnFollowsItsOrigin() throws {
        let code = try generate(
            """
            -- name: recentSince :many
            SELECT id FROM recent WHERE happened > :since;
            """, configuration: Self.datedConfiguration, schema: Self.datedSchema)
        expectContains(code, "since: Date")
        expectContains(code, #"try SQLRecordCoding.bind(since, statement, 1, .secondsSince2001, "recentSince :since")"#)
    }

    /// `max(stamp)` holds stamp's values: it is a `Date` read in stamp's storage.
    @Test func anAggregateOfADateColumnReadsInItsStorage() throws {
        let code = try generate(
            """
            -- name: latest :one
            SELECT max(stamp) AS latest, min(posted) AS first, coalesce(stamp, stamp) AS either, max(stamp) + 1 AS later FROM event;
            """, configuration: Self.datedConfiguration, schema: Self.datedSchema)
        expectContains(code, "public var latest: Date?")
        expectContains(code, "public var first: Date?")
        expectContains(code, "public var either: Date?")
        expectContains(code, "public var later: Double?")
        expectContains(
            code, #"self.latest = try SQLRecordCoding.dateOrNil(statement, offset, "latest.latest", .secondsSince2001)"#
        )
        expectContains(
            code,
            #"self.first = try SQLRecordCoding.dateOrNil(statement, offset + 1, "latest.first", .unixTimeInteger)"#)
        expectContains(
            code,
            #"self.either = try SQLRecordCoding.dateOrNil(statement, offset + 2, "latest.either", .secondsSince2001)"#)
    }

    @Test func parsesNamesKindsDocumentationAndLines() throws {
        let file = try QueryFile(
            path: "q.sql",
            text: """
                -- Leading comments belong to no query.

                -- name: first :one
                -- Documents the function.
                --   Indented detail.
                SELECT 1;

                -- name: second :execrows
                DELETE FROM book
                WHERE id = :id;
                """)
        #expect(file.queries.map(\.name) == ["first", "second"])
        #expect(file.queries.map(\.kind) == [.one, .execrows])
        #expect(file.queries[0].documentation == ["Documents the function.", "  Indented detail."])
        #expect(file.queries[0].sql == "SELECT 1")
        #expect(file.queries[1].sql == "DELETE FROM book\nWHERE id = :id")
        #expect(file.queries.map(\.line) == [3, 8])
        #expect(file.queries.map(\.sqlLine) == [6, 9])
        #expect(file.queries[1].location(ofOffset: 23).line == 10)
        #expect(QueryFile.isQueryFile("CREATE TABLE t (a);") == false)
        // Windows line ends.
        let crlf = try QueryFile(
            path: "q.sql",
            text:
                "-- name: first :one\r\n-- Documents it.\r\nSELECT 1;\r\n\r\n-- name: second :exec\r\nDELETE FROM book;\r\n"
        )
        #expect(crlf.queries.map(\.name) == ["first", "second"])
        #expect(crlf.queries.map(\.sql) == ["SELECT 1", "DELETE FROM book"])
        #expect(crlf.queries[0].documentation == ["Documents it."])
        #expect(crlf.queries.map(\.line) == [1, 5])
    }

    @Test func malformedFilesFailAtTheirLine() {
        func error(_ text: String) -> String {
            do {
                _ = try QueryFile(path: "q.sql", text: text)
                return "no error"
            } catch {
                return "\(error)"
            }
        }
        #expect(
            error("SELECT 1;\n-- name: a :one\nSELECT 2;")
                == "q.sql:1: error: SQL before the first -- name: line belongs to no query; a query file holds only named queries"
        )
        #expect(
            error("-- name: a\nSELECT 1;")
                == "q.sql:1: error: a -- name: line takes a name and a kind, as in '-- name: findBook :one'; kinds are :one, :many, :each, :exec, :execrows, :lastid"
        )
        #expect(
            error("-- name: a :some\nSELECT 1;")
                == "q.sql:1: error: unknown query kind ':some'; kinds are :one, :many, :each, :exec, :execrows, :lastid"
        )
        #expect(
            error("-- name: 2fast :one\nSELECT 1;")
                == "q.sql:1: error: query name '2fast' is not an identifier: use letters, digits and underscores, starting with a letter"
        )
        #expect(
            error("-- name: a :one\nSELECT 1;\n-- name: a :many\nSELECT 2;")
                == "q.sql:3: error: a query named 'a' is already defined at line 1")
        #expect(
            error("-- name: a :one\n-- only a comment\n\n-- name: b :one\nSELECT 1;")
                == "q.sql:1: error: query 'a' has no SQL after its -- name: line")
    }

    // MARK: Errors that stop generation

    @Test func aQueryThatDoesNotPrepareFailsWithSQLitesMessage() {
        #expect(
            failure(
                """
                -- name: missing :many
                SELECT id,
                       isbn
                FROM book;
                """) == "queries.sql:3:8: error: no such column: isbn")
        #expect(
            failure("-- name: bad :one\nSELECT * FROM nowhere WHERE id = :id;")
                == "queries.sql:2:1: error: no such table: nowhere")
        #expect(
            failure("-- name: two :exec\nDELETE FROM book; DELETE FROM author;")
                == "queries.sql:2:19: error: the text holds more than one statement; this call runs exactly one (run scripts with exec(sql:) and no parameters)"
        )
    }

    @Test func wrongParameterUseIsAnError() {
        #expect(
            failure("-- name: anonymous :many\nSELECT * FROM book WHERE id = ?;")
                == "queries.sql:2:31: error: parameter ? has no name; name it (:name) so the generated function can take it as an argument"
        )
        #expect(
            failure("-- name: both :many\nSELECT * FROM book WHERE id IN (:ids) OR author_id = :ids;")
                == "queries.sql:2:54: error: wrong parameter use: :ids is a whole IN list on line 2, so it cannot also be a single value; use a second parameter"
        )
        #expect(
            failure("-- name: same :many\nSELECT * FROM book WHERE id = :id OR author_id = @id;")
                == "queries.sql:2:50: error: parameters :id and @id would both be the argument 'id'; give them different names"
        )
    }

    @Test func conflictingTypesAreAnError() {
        #expect(
            failure(
                """
                -- name: conflict :many
                SELECT * FROM book
                WHERE title = :value
                   OR price > :value;
                """)
                == "queries.sql:4:15: error: type conflict: :value is compared with book.title (String) on line 3, and compared with book.price (Double) here"
        )
    }

    @Test func aParameterWithoutATypeAsksForOne() {
        #expect(
            failure("-- name: guess :many\nSELECT title, :anything AS extra FROM book;")
                == "queries.sql:2:15: error: cannot tell the type of :anything: compare it with a column, write CAST(:anything AS type), or give its type in slate.json as \"queries\": {\"types\": {\"guess.:anything\": \"String\"}}"
        )
        // The annotation the message offers works.
        var configuration = GeneratorConfiguration()
        configuration.queries.types["guess.:anything"] = .string
        #expect(
            failure("-- name: guess :many\nSELECT title, :anything AS extra FROM book;", configuration: configuration)
                == nil)
    }

    @Test func kindsMustFitTheStatement() {
        #expect(
            failure("-- name: nothing :many\nDELETE FROM book;")
                == "queries.sql:1: error: query 'nothing' is :many, but its statement returns no columns; use :exec, :execrows or :lastid"
        )
        #expect(
            failure("-- name: reads :execrows\nSELECT 1;")
                == "queries.sql:1: error: query 'reads' is :execrows, but its statement only reads; :execrows and :lastid are for statements that change rows"
        )
        #expect(
            failure("-- name: titles :many\nSELECT title FROM book;\n-- name: titlesSQL :many\nSELECT 1;")
                == "queries.sql:3: error: query name 'titlesSQL' is taken: the database type already has a member of that name; rename the query"
        )
        #expect(
            failure("-- name: books :many\nSELECT 1;")
                == "queries.sql:1: error: query name 'books' is taken: the database type already has a member of that name; rename the query"
        )
    }

    // MARK: Parameter typing

    @Test func parametersAreTypedFromWhereTheyGo() throws {
        let code = try generate(
            """
            -- name: addBook :lastid
            INSERT INTO book (author_id, title, price, subtitle) VALUES (:authorId, :title, :price, :subtitle);

            -- name: retitle :execrows
            UPDATE book SET subtitle = :subtitle, title = :title WHERE id = :id;

            -- name: search :many
            SELECT b.id FROM book b JOIN author a ON a.id = b.author_id
            WHERE (:author IS NULL OR a.name = :author)
              AND b.price BETWEEN :low AND :high
              AND :born > a.born
              AND length(b.title) < :maxLength
              AND b.rowid > CAST(:after AS INTEGER)
            LIMIT :limit;

            -- name: byAuthorsBornAfter :many
            SELECT title FROM book WHERE author_id IN (SELECT id FROM author WHERE born > :date) AND id NOT IN (:excluded);

            -- name: cheapest :many
            WITH cheap AS (SELECT * FROM book WHERE price < :maxPrice) SELECT cheap.title FROM cheap WHERE cheap.id > :after;

            -- name: reprice :many
            UPDATE book SET price = :price WHERE id = :id RETURNING *;
            """)
        expectContains(
            code, "public func addBook(authorId: Int?, title: String, price: Double, subtitle: String?) throws -> Int {"
        )
        expectContains(
            code, "public func byAuthorsBornAfter(date: Date, excluded: [Int]) throws -> [ByAuthorsBornAfterRow] {")
        expectContains(code, "public func cheapest(maxPrice: Double, after: Int) throws -> [CheapestRow] {")
        expectContains(code, "public func reprice(price: Double, id: Int) throws -> [Book] {")
        expectContains(code, "public func retitle(subtitle: String?, title: String, id: Int) throws -> Int {")
        expectContains(
            code,
            """
                public func search(
                    author: String?,
                    low: Double,
                    high: Double,
                    born: Date,
                    maxLength: Int,
                    after: Int,
                    limit: Int
                ) throws -> [SearchRow] {
            """)
        expectContains(code, "///   - author: `:author`, compared with author.name.")
        expectContains(code, "///   - born: `:born`, compared with author.born.")
        expectContains(code, "///   - maxLength: `:maxLength`, compared with length(b.title).")
        expectContains(code, "///   - after: `:after`, cast to INTEGER.")
        expectContains(code, "///   - limit: `:limit`, in LIMIT.")
    }

    // MARK: Result typing

    @Test func resultColumnsAreTypedAndNamed() throws {
        let code = try generate(
            """
            -- name: overview :many
            SELECT a.name AS author_name, b.title, count(*) AS "books!", max(b.subtitle) AS "longest?",
                   coalesce(b.subtitle, '') AS subtitle, total(b.price), b.price * 2 AS "double price"
            FROM author a LEFT JOIN book b ON b.author_id = a.id
            GROUP BY a.id;
            """)
        expectContains(
            code,
            """
                public var authorName: String
                /// `title`: TEXT, from book.title, can be NULL.
                public var title: String?
                /// `books`: INTEGER, inferred from count ( * ).
                public var books: Int
                /// `longest`: TEXT, inferred from max ( b . subtitle ), can be NULL.
                public var longest: String?
                /// `subtitle`: TEXT, inferred from coalesce ( b . subtitle , '' ).
                public var subtitle: String
                /// `total(b.price)`: REAL, inferred from total ( b . price ).
                public var totalBPrice: Double
                /// `double price`: REAL, inferred from b . price * 2, can be NULL.
                public var doublePrice: Double?
            """)
    }

    @Test func exactTableRowsReuseTheRecordType() throws {
        let code = try generate(
            """
            -- name: bookNamed :one
            SELECT * FROM book WHERE title = :title;

            -- name: booksWithAuthors :many
            SELECT b.* FROM author a JOIN book b ON b.author_id = a.id;

            -- name: authorsWithBooks :many
            SELECT a.* FROM book b LEFT JOIN author a ON a.id = b.author_id;

            -- name: someColumns :many
            SELECT id, title FROM book;
            """)
        expectContains(code, "public func bookNamed(title: String) throws -> Book? {")
        expectContains(code, "public func booksWithAuthors() throws -> [Book] {")
        // Author on the optional side of a LEFT JOIN: its key can be NULL, so not an Author.
        expectContains(code, "public func authorsWithBooks() throws -> [AuthorsWithBooksRow] {")
        expectContains(code, "public func someColumns() throws -> [SomeColumnsRow] {")
    }

    @Test func slateJSONTypesResultColumns() throws {
        var configuration = GeneratorConfiguration()
        configuration.queries.types["prices.cents"] = .int
        let code = try generate(
            "-- name: prices :many\nSELECT price * 100 AS cents FROM book;", configuration: configuration)
        expectContains(
            code,
            """
                /// `cents`: typed in slate.json.
                public var cents: Int
            """)
    }

    // MARK: The command line and inputs

    /// Texts and whether they are query files: a line of a header's exact shape makes one,
    /// and so does a line meant as a header that misses the shape (a forgotten kind, a name
    /// with a dash: the parser reports it at its line, where a schema script would run it as
    /// a migration); a quote or a sentence after `name:` does not (its name and kind are
    /// checked when the file is parsed).
    static let shapes: [(text: String, isQueryFile: Bool)] = [
        ("-- name: findBook :one\nSELECT 1;", true),
        ("-- License: MIT\n\n-- name: a :exec\nDELETE FROM book;", true),
        ("  --\tname:\tfindBook\t:many  \r\nSELECT 1;\r\n", true),
        ("--name:a :execrows\nDELETE FROM book;", true),
        ("-- name: 2fast :one\nSELECT 1;", true),
        ("-- name: a :some\nSELECT 1;", true),
        ("SELECT 1;\n-- name: a :one\nSELECT 2;", true),
        ("CREATE TABLE t (a);", false),
        ("-- await prisma.user.create({ data: {\n--   name: 'admin',\n-- } })\nCREATE TABLE t (a);", false),
        ("-- name: a\nSELECT 1;", true),
        ("-- name: a :one extra\nSELECT 1;", true),
        ("-- name: a :1\nSELECT 1;", true),
        ("-- name: a:one\nSELECT 1;", true),
        ("-- name: 'a' :one\nSELECT 1;", false),
        ("CREATE TABLE person (\n  -- name: the name people see\n  name TEXT\n);", false),
        ("-- username: a :one\nSELECT 1;", false),
        ("SELECT 1; -- name: a :one", false),
        ("/* name: a :one */ SELECT 1;", false),
        ("", false),
    ]

    /// The generator (SlateAnalysis) and the plugins (`SlateInputs`, reading the file)
    /// sort every text alike, by the one rule both compile.
    @Test func aQueryFileIsRecognisedByTheExactShapeOfAHeader() throws {
        let directory = TemporaryDirectory()
        for (index, shape) in Self.shapes.enumerated() {
            let path = directory.path("\(index).sql")
            try shape.text.write(toFile: path, atomically: true, encoding: .utf8)
            #expect(QueryFile.isQueryFile(shape.text) == shape.isQueryFile, "\(shape.text)")
            #expect(SlateInputs.isQueryFile(URL(fileURLWithPath: path)) == shape.isQueryFile, "\(shape.text)")
        }
    }

    /// Prisma's migration keeps commented-out seed code: it is a schema script, generated in
    /// full (it was taken for a query file, and generation stopped at its first CREATE).
    @Test func aCommentMentioningNameLeavesASchemaScriptAScript() throws {
        let directory = TemporaryDirectory()
        let migration = directory.path("prisma-001.sql")
        try """
        -- CreateTable
        CREATE TABLE "User" (
            "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
            "email" TEXT NOT NULL,
            "name" TEXT
        );

        -- Seed, kept for reference:
        -- await prisma.user.create({
        --   data: {
        --   name: 'admin',
        --   email: 'admin@example.com',
        --   },
        -- })

        -- CreateIndex
        CREATE UNIQUE INDEX "User_email_key" ON "User"("email");
        """.write(toFile: migration, atomically: true, encoding: .utf8)
        let file = try SlateGenerator.generate(inputs: [migration])
        #expect(file.typeName == "Prisma")
        #expect(file.contents.contains("public struct User: Identifiable, Hashable, Codable, Sendable {"))
        #expect(file.contents.contains("public var name: String?"))
        // A query file beside it still is one.
        let queries = directory.path("prisma-queries.sql")
        try "-- name: userNamed :one\n-- The user of a name.\nSELECT * FROM \"User\" WHERE name = :name;".write(
            toFile: queries, atomically: true, encoding: .utf8)
        #expect(
            try SlateGenerator.generate(inputs: [migration, queries]).contents.contains(
                "public static func userNamed(_ context: SQLContext, name: String) throws -> User? {"))
    }

    @Test func queryFilesDoNotNameTheDatabase() throws {
        let directory = TemporaryDirectory()
        try Self.schema.write(toFile: directory.path("shop.sql"), atomically: true, encoding: .utf8)
        try "-- name: titles :many\nSELECT title FROM book;".write(
            toFile: directory.path("a-queries.sql"), atomically: true, encoding: .utf8)
        let file = try SlateGenerator.generate(inputs: [directory.path("a-queries.sql"), directory.path("shop.sql")])
        #expect(file.typeName == "Shop")
        #expect(file.contents.hasPrefix("// Generated by slate from a-queries.sql, shop.sql."))
        #expect(throws: GenerationFailure.self) {
            try SlateGenerator.generate(inputs: [directory.path("a-queries.sql")])
        }
    }
}
