import Foundation
import Slate
import Testing

/// A directory of its own for one test, removed with everything in it when released.
public final class TemporaryDirectory {
    public let url: URL

    public init(_ name: String = #function) {
        let safe = name.filter { $0.isLetter || $0.isNumber }
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("slate-tests-\(safe)-\(UUID().uuidString)", isDirectory: true)
        try! FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    /// The path of a file in the directory.
    public func path(_ file: String) -> String {
        url.appendingPathComponent(file).path
    }
}

/// Runs `body` and checks that it throws an `SQLError` with `code` and exactly `message`;
/// returns the error for further checks.
@discardableResult
public func expectSQLError(
    _ code: SQLError.Code, _ message: String, sourceLocation: SourceLocation = #_sourceLocation,
    _ body: () throws -> Void
) -> SQLError? {
    do {
        try body()
        Issue.record("expected SQLError \(code): \(message), but nothing was thrown", sourceLocation: sourceLocation)
        return nil
    } catch let error as SQLError {
        #expect(error.code == code, sourceLocation: sourceLocation)
        #expect(error.message == message, sourceLocation: sourceLocation)
        return error
    } catch {
        Issue.record("expected SQLError, got \(error)", sourceLocation: sourceLocation)
        return nil
    }
}

/// Database files for tests.
public enum SlateTestDatabase {
    /// Creates a database file at `path` holding what `sql` creates.
    public static func create(at path: String, sql: String) throws {
        let context = try SQLContext(path: path)
        defer { context.close() }
        try context.exec(sql: sql)
    }
}
