import Slate
import SlateAnalysis
import SlateMigration
import SlateSchema
import Testing

/// View columns get types from their origin columns, from outer joins, and from the
/// expressions that compute them.
@Suite struct ViewTypingTests {
    static let base = """
        CREATE TABLE customer (id INTEGER PRIMARY KEY, name TEXT NOT NULL, email TEXT, joined DATETIME NOT NULL);
        CREATE TABLE "order" (
            id INTEGER PRIMARY KEY,
            customer_id INTEGER NOT NULL REFERENCES customer(id),
            total DECIMAL(10,2) NOT NULL,
            items INTEGER NOT NULL,
            note TEXT,
            placed DATETIME NOT NULL
        );
        """

    private func columns(_ view: String) throws -> [ResultColumn] {
        let schema = try AnalyzedSchemaReader.read(scripts: [SQLScript(path: "v.sql", text: Self.base + view)])
        return try #require(schema.views.last).columns
    }

    private func summary(_ columns: [ResultColumn]) -> [String] {
        columns.map { "\($0.name): \($0.declaredType ?? "?")\($0.isNullable ? "?" : "") [\($0.typeSource.rawValue)]" }
    }

    @Test func plainColumnsKeepTheirOriginTypeAndNullability() throws {
        let columns = try columns("CREATE VIEW v AS SELECT c.id, c.name, c.email AS mail, joined FROM customer c;")
        #expect(
            summary(columns) == [
                "id: INTEGER [column]", "name: TEXT [column]", "mail: TEXT? [column]", "joined: DATETIME [column]",
            ])
        #expect(columns[2].originTable == "customer" && columns[2].originColumn == "email")
        #expect(columns.map(\.expression) == [nil, nil, nil, nil])
    }

    @Test func aggregatesAreInferred() throws {
        let columns = try columns(
            """
            CREATE VIEW stats AS
            SELECT customer_id, COUNT(*) AS orders, SUM(items) AS items, SUM(total) AS revenue, AVG(total) AS average,
                   MIN(placed) AS first, MAX(items) AS most, total(items) AS sum_items, group_concat(note) AS notes,
                   count(note) n
            FROM "order" GROUP BY customer_id;
            """)
        #expect(
            summary(columns) == [
                "customer_id: INTEGER [column]", "orders: INTEGER [inferred]", "items: INTEGER? [inferred]",
                "revenue: REAL? [inferred]", "average: REAL? [inferred]", "first: DATETIME? [inferred]",
                "most: INTEGER? [inferred]", "sum_items: REAL [inferred]", "notes: TEXT? [inferred]",
                "n: INTEGER [inferred]",
            ])
        #expect(columns[1].expression == "COUNT ( * )")
    }

    @Test func outerJoinsMakeColumnsNullable() throws {
        let columns = try columns(
            """
            CREATE VIEW v AS
            SELECT c.name, o.id AS order_id, o.total, o.placed, coalesce(o.items, 0) AS items
            FROM customer c LEFT JOIN "order" o ON o.customer_id = c.id;
            """)
        #expect(
            summary(columns) == [
                "name: TEXT [column]", "order_id: INTEGER? [column]", "total: DECIMAL(10,2)? [column]",
                "placed: DATETIME? [column]", "items: INTEGER [inferred]",
            ])
    }

    @Test func starsExpandWithTheirSourcesNullability() throws {
        let columns = try columns(
            "CREATE VIEW v AS SELECT c.*, o.note, 1 AS one FROM customer c LEFT JOIN \"order\" o ON o.customer_id = c.id;"
        )
        #expect(
            summary(columns) == [
                "id: INTEGER [column]", "name: TEXT [column]", "email: TEXT? [column]", "joined: DATETIME [column]",
                "note: TEXT? [column]", "one: INTEGER [inferred]",
            ])
        let all = try self.columns(
            "CREATE VIEW w AS SELECT * FROM customer c LEFT JOIN \"order\" o ON o.customer_id = c.id;")
        #expect(all.count == 10)
        #expect(all.map(\.isNullable) == [false, false, true, false, true, true, true, true, true, true])
    }

    @Test func expressionsOperatorsAndCasts() throws {
        let columns = try columns(
            """
            CREATE VIEW v AS
            SELECT items * 2 AS double_items, total * items AS value, total / items AS ratio, name || ' <' || email || '>' AS label,
                   items > 3 AS big, note IS NULL AS no_note, CAST(total AS TEXT) AS shown, CAST(note AS INTEGER) AS parsed,
                   CASE WHEN items > 10 THEN 'many' ELSE 'few' END AS size, CASE WHEN items > 10 THEN 'many' END AS maybe,
                   upper(name) AS loud, length(note) AS note_length, datetime(placed) AS at, strftime('%Y', placed) AS year,
                   (SELECT count(*) FROM "order") AS everything, abs(-items) AS positive, 'x' AS x, NULL AS nil_value,
                   note -> '$.a' AS json, ifnull(email, 'none') AS contact, nullif(items, 0) AS nonzero, random() AS r,
                   row_number() OVER (ORDER BY placed) AS position
            FROM "order" JOIN customer ON customer.id = "order".customer_id;
            """)
        #expect(
            summary(columns) == [
                "double_items: INTEGER [inferred]", "value: REAL [inferred]", "ratio: REAL? [inferred]",
                "label: TEXT? [inferred]",
                "big: BOOLEAN [inferred]", "no_note: BOOLEAN [inferred]", "shown: TEXT [inferred]",
                "parsed: INTEGER? [inferred]",
                "size: TEXT [inferred]", "maybe: TEXT? [inferred]", "loud: TEXT [inferred]",
                "note_length: INTEGER? [inferred]",
                "at: TEXT? [inferred]", "year: TEXT? [inferred]", "everything: INTEGER? [inferred]",
                "positive: INTEGER [inferred]",
                "x: TEXT [inferred]", "nil_value: ?? [unknown]", "json: TEXT? [inferred]", "contact: TEXT [inferred]",
                "nonzero: INTEGER? [inferred]", "r: INTEGER [inferred]", "position: INTEGER [inferred]",
            ])
    }

    @Test func subqueriesCommonTablesAndViewsOfViews() throws {
        let columns = try columns(
            """
            CREATE VIEW spend AS SELECT customer_id, sum(total) AS spent FROM "order" GROUP BY customer_id;
            CREATE VIEW ranked AS
            WITH big AS (SELECT customer_id, spent FROM spend WHERE spent > 100)
            SELECT c.name, s.spent, big.spent AS big_spent, t.n
            FROM customer c
            JOIN spend s ON s.customer_id = c.id
            LEFT JOIN big ON big.customer_id = c.id
            JOIN (SELECT customer_id, count(*) AS n FROM "order" GROUP BY customer_id) t ON t.customer_id = c.id;
            """)
        #expect(
            summary(columns) == [
                "name: TEXT [column]", "spent: REAL? [inferred]", "big_spent: REAL? [inferred]",
                "n: INTEGER [inferred]",
            ])
    }

    @Test func unionsAreNullableWhenAnyBranchIs() throws {
        let columns = try columns(
            "CREATE VIEW v AS SELECT id, name FROM customer UNION ALL SELECT id, note FROM \"order\";")
        #expect(summary(columns) == ["id: INTEGER [column]", "name: TEXT? [column]"])
    }

    @Test func singleColumnViewAndDeclaredColumnNames() throws {
        let single = try columns("CREATE VIEW names AS SELECT name FROM customer;")
        #expect(summary(single) == ["name: TEXT [column]"])
        let renamed = try columns(
            "CREATE VIEW v(who, how_many) AS SELECT name, (SELECT count(*) FROM \"order\" WHERE customer_id = customer.id) FROM customer;"
        )
        #expect(summary(renamed) == ["who: TEXT [column]", "how_many: INTEGER? [inferred]"])
    }

    @Test func overrideSuffixesInAliases() throws {
        let columns = try columns(
            "CREATE VIEW v AS SELECT max(total) AS \"best!\", email AS \"contact?\", name AS \"name?\" FROM customer JOIN \"order\";"
        )
        #expect(
            summary(columns) == ["best: DECIMAL(10,2) [inferred]", "contact: TEXT? [column]", "name: TEXT? [column]"])
    }
}
