#if Postgres
import SlateRecords

extension SQLPostgres {
    /// Brings the database to the latest of `scripts`, as `SQLDatabase.bootstrap(at:)` brings
    /// a SQLite file: an empty database gets every script, an older one the scripts it
    /// misses, each in its own transaction with its version recorded in
    /// `slate_schema_version`; a current one is left alone; a newer one, an edited script or
    /// a database with tables but no versions is refused, untouched. Several processes
    /// bootstrapping at once take turns on an advisory lock, so each script runs once.
    ///
    /// The scripts are PostgreSQL text, one a version in order: a generated database's
    /// `postgresSchemaScripts`, or what `slate schema --engine postgres` prints.
    /// ``SQLPostgresSchemaEvolution`` says the whole contract.
    ///
    /// - Parameters:
    ///   - scripts: The PostgreSQL scripts, script `N` taking the schema from version `N − 1`
    ///     to `N`.
    ///   - schemaName: What errors call the schema (the generated database type's name, say).
    /// - Returns: The version found, the version reached, and the files applied.
    /// - Throws: ``SQLPostgresSchemaEvolution/Failure`` for a refused database or a failing
    ///   script (its file, line and SQLSTATE); ``SQLPostgresError`` of kind `misuse` once the
    ///   database is closed.
    @discardableResult
    public func bootstrap(
        scripts: [SQLSchemaScript], schemaName: String = "the schema"
    ) async throws -> SQLPostgresSchemaEvolution.Outcome {
        let evolution = SQLPostgresSchemaEvolution(scripts: scripts, schemaName: schemaName)
        return try await leased(primary) { connection in
            try await evolution.apply(on: connection, logger: configuration.logger)
        }
    }
}
#endif
