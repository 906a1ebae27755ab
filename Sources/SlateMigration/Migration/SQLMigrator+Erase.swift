#if DEBUG
import Slate

extension SQLMigrator {
    /// What ``erasesDatabaseOnSchemaChange`` does before migrating: erases the database when
    /// the registered migrations no longer make it, after trying on an empty in-memory
    /// database the first `planned` migrations, which will run on the erased file.
    func eraseIfSchemaChanged(_ context: SQLContext, upTo planned: Int) throws {
        let applied = try appliedMigrations(in: context)
        guard !applied.isEmpty else { return }
        let appliedNames = Set(applied)
        let registered = Set(migrations.map(\.name))
        var changed = applied.contains { !registered.contains($0) }
        let scratch = try SQLContext(configuration: Self.scratchConfiguration(like: context))
        defer { scratch.close() }
        var tried = 0
        /// Runs the next migration on the scratch database; its error says where it ran.
        func tryNext() throws {
            do {
                try run(migrations[tried], in: scratch)
            } catch let error as MigrationError {
                throw MigrationError(
                    error.code,
                    error.message
                        + " (on an empty in-memory database, where the migrations are tried before a database whose schema changed is erased; the database was left untouched)",
                    migration: error.migration, underlying: error.underlying)
            }
            tried += 1
        }
        if let lastApplied = migrations.lastIndex(where: { appliedNames.contains($0.name) }) {
            // The schema the migrations make now, up to the last one the file applied.
            while tried <= lastApplied {
                do {
                    try tryNext()
                } catch is MigrationError where tried >= planned {
                    // Edited so that it fails, where the file has it applied: the file is
                    // not what the migrations make; and it does not run after the erase.
                    changed = true
                    break
                }
            }
            if !changed {
                changed =
                    try context.schemaObjects(excluding: [Self.recordTable])
                    != scratch.schemaObjects(excluding: [Self.recordTable])
            }
        }
        guard changed else { return }
        while tried < planned { try tryNext() }
        try context.withForeignKeysOff {
            try context.transaction(.immediate) { try context.dropAllSchemaObjects() }
        }
    }

    /// The connection's configuration for an in-memory database: no journal mode (an
    /// in-memory database takes no WAL), the default VFS, no logger.
    private static func scratchConfiguration(like context: SQLContext) -> SQLContext.Configuration {
        var configuration = context.configuration
        configuration.journalMode = nil
        configuration.vfs = nil
        configuration.logger = nil
        return configuration
    }
}
#endif
