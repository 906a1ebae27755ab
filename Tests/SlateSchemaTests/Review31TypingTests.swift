import Slate
import SlateAnalysis
import SlateSchema
import Testing

/// Issue 31 §5: a truth value (a comparison, `NOT`, `AND`, `IN`, `EXISTS`, …) is an
/// integer in SQLite, so a sum of them counts rows and is an integer; `coalesce` of
/// integers is an integer; reals and NUMERIC columns stay reals.
@Suite struct Review31TypingTests {
    static let base = """
        CREATE TABLE issue (
            id INTEGER PRIMARY KEY, status TEXT NOT NULL, points INTEGER, estimate REAL NOT NULL,
            cost DECIMAL(10,2), done BOOLEAN NOT NULL DEFAULT 0, title TEXT
        );
        CREATE TABLE label (id INTEGER PRIMARY KEY, issue_id INTEGER NOT NULL, name TEXT NOT NULL);
        """

    /// `name: TYPE[?]` of each column of a view selecting `expressions`.
    private func types(_ expressions: [String]) throws -> [String] {
        let select = expressions.enumerated().map { "\($0.element) AS c\($0.offset)" }.joined(separator: ", ")
        let schema = try AnalyzedSchemaReader.read(scripts: [
            SQLScript(path: "v.sql", text: Self.base + "\nCREATE VIEW v AS SELECT \(select) FROM issue;")
        ])
        return try #require(schema.views.last).columns.map { "\($0.declaredType ?? "?")\($0.isNullable ? "?" : "")" }
    }

    @Test func sumsOfTruthValuesAreIntegers() throws {
        let forms = [
            "sum(issue.status = 'open')", "sum(status <> 'open')", "sum(points > 3)", "sum(estimate <= 1.5)",
            "sum(NOT (status = 'open'))", "sum(status = 'open' AND points > 1)", "sum(status = 'a' OR status = 'b')",
            "sum(title IS NULL)", "sum(title IS NOT NULL)", "sum(title ISNULL)", "sum(points IS 3)",
            "sum(points IS NOT 3)",
            "sum(status IN ('open', 'new'))", "sum(status NOT IN ('open'))", "sum(id IN (SELECT issue_id FROM label))",
            "sum(title LIKE 'a%')", "sum(title GLOB 'a*')", "sum(points BETWEEN 1 AND 3)",
            "sum(EXISTS (SELECT 1 FROM label WHERE label.issue_id = issue.id))", "sum(TRUE)",
        ]
        #expect(try types(forms) == Array(repeating: "INTEGER?", count: forms.count))
    }

    @Test func coalesceOfAnIntegerSumAndAnIntegerIsANonOptionalInteger() throws {
        #expect(
            try types([
                "coalesce(sum(issue.status = 'open'), 0)", "ifnull(sum(points > 1), 0)", "coalesce(sum(points), 0)",
                "coalesce(points, 0)", "coalesce(points, id)", "coalesce(sum(status = 'open'), points)",
            ]) == ["INTEGER", "INTEGER", "INTEGER", "INTEGER", "INTEGER", "INTEGER?"])
    }

    @Test func arithmeticOnTruthValuesIsInteger() throws {
        #expect(
            try types([
                "(status = 'open') + 1", "(points > 1) * 10", "-(points > 1)", "abs(points > 1)",
                "(status = 'a') + (status = 'b')",
                "(points > 1) + 0.5", "total(status = 'open')", "avg(status = 'open')", "max(status = 'open')",
            ]) == ["INTEGER", "INTEGER?", "INTEGER?", "INTEGER?", "INTEGER", "REAL?", "REAL", "REAL?", "BOOLEAN?"])
    }

    @Test func realsAndMixedNumbersStayReal() throws {
        #expect(
            try types([
                "sum(estimate)", "sum(cost)", "total(points)", "avg(points)", "sum(points * estimate)",
                "sum(points + 0.5)",
                "coalesce(sum(estimate), 0)", "coalesce(points, 0.5)", "coalesce(cost, 0)",
                "coalesce(estimate, points)",
                "sum(done)", "coalesce(title, 0)", "coalesce(title, 'none')",
            ]) == [
                "REAL?", "REAL?", "REAL", "REAL?", "REAL?", "REAL?",
                "REAL", "REAL", "DECIMAL(10,2)", "REAL", "REAL?", "TEXT", "TEXT",
            ])
    }

    @Test func comparisonsThemselvesStayBooleans() throws {
        #expect(
            try types(["status = 'open'", "NOT (points > 1)", "title IS NULL", "coalesce(status = 'open', points > 1)"])
                == ["BOOLEAN", "BOOLEAN?", "BOOLEAN", "BOOLEAN"])
    }
}
