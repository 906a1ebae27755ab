import Slate
import SlateSchema

extension SQLSchemaScript {
    /// The script's SQL as a generated database runs it: the statements SQLite cannot run
    /// inside the script's transaction, or makes itself (`BEGIN`/`COMMIT`,
    /// `CREATE TABLE sqlite_sequence`, …), blanked out, so that errors keep their line and
    /// column (the generator replays scripts the same way).
    ///
    /// - Throws: ``SQLError`` naming the file, line and column of a statement a replay
    ///   cannot run (a `ROLLBACK`).
    func replayedSQL() throws -> String {
        do {
            return try SQLScript.replayed(sql)
        } catch let error as SQLScript.ReplayRefusal {
            let position = SQLScript.lineAndColumn(ofOffset: error.offset, in: sql)
            throw SQLError(code: .error, message: "\(file):\(position.line):\(position.column): \(error.message)")
        }
    }

    /// The SQL that creates a database from `scripts` and records `version`: each script
    /// as a replay runs it, in order, then `PRAGMA user_version`; the raw-mode create
    /// function of a database generated from the same scripts runs the same text.
    static func creationSQL(_ scripts: [SQLSchemaScript], version: Int64) -> String {
        do {
            return try SQLScript.creationSQL(scripts.map(\.sql), userVersion: version)
        } catch {
            // A script no replay can run: running it as written fails the same way.
            return (scripts.map(\.sql) + ["PRAGMA user_version = \(version);"]).joined(separator: "\n")
        }
    }
}
