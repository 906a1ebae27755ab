import SlateCSQLite

// A walk that writes to what it walks: SQLite does not define whether a running SELECT
// sees its own connection's later writes, and a full scan does see rows inserted ahead
// of it, so a walk that inserts a row for each row it reads never ends. While a walk runs
// (`SQLStatement.walking(_:)`), its connection refuses any statement that writes a table
// the walk reads: at prepare time through the authorizer (which sees the tables a
// statement's triggers write, too), and when a statement prepared earlier starts.

extension SQLConnection {
    /// Whether a statement being prepared may not write `table`, because a walk reads it;
    /// notes why for the error.
    func refusesWrite(to table: UnsafePointer<CChar>) -> Bool {
        guard !walkedTables.isEmpty, !isRecordingOnly else { return false }
        // The authorizer names tables as the schema spells them, for reads and writes alike.
        let name = String(cString: table)
        guard walkedTables.contains(where: { $0.contains(name) }) else { return false }
        walkRefusal = Self.walkRefusalMessage(name)
        return true
    }

    static func walkRefusalMessage(_ table: String) -> String {
        "cannot write to table \"\(table)\" while a walk reads it on this connection: SQLite does not define "
            + "whether the walk would see the change (rows written ahead of it would be read again, and a walk "
            + "that inserts as it reads would never end); note the changes during the walk and make them after "
            + "it, or fetch the rows first"
    }
}

extension SQLStatement {
    /// Runs `body` while this statement is walked: until `body` returns, a statement on
    /// the same connection that writes a table this one reads (a view's tables included,
    /// and through triggers) throws a misuse error naming the table, at prepare or as it
    /// starts. Nested walks add up.
    @usableFromInline
    package func walking<T>(_ body: () throws -> T) rethrows -> T {
        if !connection.tracksAccess { connection.enableAccessTracking() }
        if !accessIsRecorded { refreshAccess() }
        connection.walkedTables.append(access.readTables)
        defer { connection.walkedTables.removeLast() }
        return try body()
    }

    /// Throws when this statement, about to start, writes a table a running walk reads.
    func refuseWriteToWalkedTables() throws {
        if !accessIsRecorded { refreshAccess() }
        for table in access.writtenTables where connection.walkedTables.contains(where: { $0.contains(table) }) {
            throw SQLError(code: .misuse, message: SQLConnection.walkRefusalMessage(table), sql: sql)
        }
    }
}

// MARK: Walks on a raw handle

extension SQLConnection {
    /// The connection of each open handle, for walks given only the `sqlite3` handle (the
    /// type-attached `Person.forEach(in: handle)`).
    private static let handles = LockedBox<[OpaquePointer: WeakConnection]>([:])

    private final class WeakConnection {
        weak var connection: SQLConnection?
        init(_ connection: SQLConnection) { self.connection = connection }
    }

    static func register(_ connection: SQLConnection, for handle: OpaquePointer) {
        handles.withLock { $0[handle] = WeakConnection(connection) }
    }

    static func unregister(_ handle: OpaquePointer) {
        handles.withLock { _ = $0.removeValue(forKey: handle) }
    }

    /// The Slate connection whose handle is `handle`, if Slate opened it.
    static func connection(for handle: OpaquePointer) -> SQLConnection? {
        handles.withLock { $0[handle]?.connection }
    }

    /// The tables `sql` reads, as the authorizer reports them while a copy is prepared.
    func tablesRead(by sql: String) -> Set<String> {
        guard let db else { return [] }
        if !tracksAccess { enableAccessTracking() }
        preparingAccess = StatementAccess()
        isRecordingOnly = true
        defer {
            preparingAccess = nil
            isRecordingOnly = false
        }
        var statement: OpaquePointer?
        guard sqlite3_prepare_v3(db, sql, -1, 0, &statement, nil) == SQLITE_OK, let statement else { return [] }
        sqlite3_finalize(statement)
        return preparingAccess?.readTables ?? []
    }
}

/// What a walk on a handle Slate did not open refuses: the authorizer installed for the
/// walk's length records what the walk's statement reads, then refuses writes to it.
private final class HandleWalkGuard {
    var isRecording = true
    var walked: Set<String> = []
    var refusal: String?

    /// The guards of the walks running on handles Slate did not open (one per handle: a
    /// nested walk's authorizer replaces the outer one's, which it also checks).
    private static let guards = LockedBox<[OpaquePointer: HandleWalkGuard]>([:])

    static func register(_ walkGuard: HandleWalkGuard, for handle: OpaquePointer) {
        guards.withLock { $0[handle] = walkGuard }
    }

    static func unregister(_ handle: OpaquePointer) {
        guards.withLock { _ = $0.removeValue(forKey: handle) }
    }

    static func guardOf(_ handle: OpaquePointer) -> HandleWalkGuard? {
        guards.withLock { $0[handle] }
    }
}

/// Why a statement just refused on `db` was refused (a write to a table a walk reads), if
/// it was; taken once. For raw prepares, whose error would say "not authorized".
@usableFromInline
package func sqlTakeWalkRefusal(_ db: OpaquePointer) -> String? {
    if let connection = SQLConnection.connection(for: db) {
        defer { connection.walkRefusal = nil }
        return connection.walkRefusal
    }
    guard let walkGuard = HandleWalkGuard.guardOf(db) else { return nil }
    defer { walkGuard.refusal = nil }
    return walkGuard.refusal
}

/// Runs `body`, a walk of `sql`'s rows on the raw handle `db`, refusing statements
/// prepared meanwhile that write a table `sql` reads (see `SQLStatement.walking(_:)`).
/// On a handle a Slate context opened, that context's own guard does it (its cached
/// statements are checked as they start, too). On any other handle, an authorizer is
/// installed for the walk's length, and removed after it: such a handle's own authorizer,
/// if it had one, is gone after a walk.
@usableFromInline
package func sqlWalking<T>(_ db: OpaquePointer, sql: String, _ body: () throws -> T) throws -> T {
    if let connection = SQLConnection.connection(for: db) {
        connection.walkedTables.append(connection.tablesRead(by: sql))
        defer { connection.walkedTables.removeLast() }
        do {
            return try body()
        } catch var error as SQLError where error.code.rawValue & 0xFF == SQLITE_AUTH {
            // A raw prepare's error says "not authorized"; say why.
            if let refusal = connection.walkRefusal {
                connection.walkRefusal = nil
                error.message = refusal
                error.code = .misuse
            }
            throw error
        }
    }
    if let outer = HandleWalkGuard.guardOf(db) {
        // A walk inside another on the same handle: the outer walk's authorizer guards
        // this one's tables too, while it runs.
        let known = outer.walked
        outer.isRecording = true
        var statement: OpaquePointer?
        if sqlite3_prepare_v3(db, sql, -1, 0, &statement, nil) == SQLITE_OK { sqlite3_finalize(statement) }
        outer.isRecording = false
        let added = outer.walked.subtracting(known)
        defer { outer.walked.subtract(added) }
        return try body()
    }
    let walkGuard = HandleWalkGuard()
    let box = Unmanaged.passRetained(walkGuard)
    defer { box.release() }
    HandleWalkGuard.register(walkGuard, for: db)
    defer { HandleWalkGuard.unregister(db) }
    sqlite3_set_authorizer(
        db,
        { box, action, first, _, _, _ in
            guard let box, let first else { return SQLITE_OK }
            let walkGuard = Unmanaged<HandleWalkGuard>.fromOpaque(box).takeUnretainedValue()
            let name = String(cString: first)
            switch action {
            case SQLITE_READ:
                if walkGuard.isRecording { walkGuard.walked.insert(name) }
            case SQLITE_INSERT, SQLITE_UPDATE, SQLITE_DELETE:
                if !walkGuard.isRecording, walkGuard.walked.contains(name) {
                    walkGuard.refusal = SQLConnection.walkRefusalMessage(name)
                    return SQLITE_DENY
                }
            default:
                break
            }
            return SQLITE_OK
        }, box.toOpaque())
    defer { sqlite3_set_authorizer(db, nil, nil) }
    var statement: OpaquePointer?
    if sqlite3_prepare_v3(db, sql, -1, 0, &statement, nil) == SQLITE_OK { sqlite3_finalize(statement) }
    walkGuard.isRecording = false
    do {
        return try body()
    } catch var error as SQLError where error.code.rawValue & 0xFF == SQLITE_AUTH {
        // SQLite says "not authorized"; say why.
        if let refusal = walkGuard.refusal {
            error.message = refusal
            error.code = .misuse
        }
        throw error
    }
}
