/// The rows of a prepared statement, as the query functions of generated databases read
/// them: every row, or the first. Generated code only (`@_spi(Generated)`, see
/// Docs/PUBLIC-API.md); it may change in any release.
@_spi(Generated) public enum SQLRecordRows {
    /// Every row `statement` steps to (bound and ready), decoded as `Record`. The caller
    /// resets the statement.
    @inlinable
    public static func all<Record: SQLResultRow>(_ type: Record.Type, from statement: SQLStatement) throws -> [Record] {
        try SQLRecordOperations.records(type, from: statement)
    }

    /// The first row `statement` steps to (bound and ready), decoded as `Record`, or nil.
    /// The caller resets the statement.
    @inlinable
    public static func first<Record: SQLResultRow>(_ type: Record.Type, from statement: SQLStatement) throws -> Record?
    {
        try SQLRecordOperations.firstRecord(type, from: statement)
    }
}
