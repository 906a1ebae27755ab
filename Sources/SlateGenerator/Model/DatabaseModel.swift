import Slate
import SlateAnalysis
import SlateSchema

/// The generator's model of a database: every name decided and every type mapped, ready
/// to be translated into Swift. Built by ``ModelBuilder`` from a ``SQLSchema``.
struct DatabaseModel: Equatable {
    /// The database type's name (`Contacts`).
    var typeName: String
    /// The input files' names, for the header.
    var inputs: [String]
    /// One record per table and view, in schema order.
    var records: [RecordModel]
    /// One typed function per named query of the query files, in file order.
    var queries: [QueryModel] = []
    /// The statements that create the schema, in an order that works.
    var creationStatements: [String]
    /// `PRAGMA user_version` of the schema.
    var userVersion: Int64
    /// The scripts the schema was replayed from, in order, when it came from scripts alone:
    /// its versions (script `N` takes version `N − 1` to `N`). Empty for a database file.
    var schemaScripts: [SchemaScript] = []
    /// The scripts' PostgreSQL form, one a version, when the engines include PostgreSQL.
    var postgresSchemaScripts: [SchemaScript] = []
    /// The SQL that creates the schema when it came from scripts alone: the scripts as a
    /// replay runs them, then the version when they are its versions (nil for a database
    /// file: ``creationStatements`` then).
    var creationSQL: String?
    /// The configuration the model was built with.
    var configuration: GeneratorConfiguration

    /// The Swift name to use for a record type from outside the database type.
    func qualifiedName(of record: RecordModel) -> String {
        configuration.naming.nestRecordTypes ? "\(typeName).\(record.typeName)" : record.typeName
    }
}

/// One script of a schema, as the generated database type carries it.
struct SchemaScript: Equatable {
    /// The file's name (`todos-002-priority.sql`).
    var file: String
    /// The SQL, without trailing blank lines.
    var sql: String
    /// The digest of the script it was rendered from (PostgreSQL's form of a script).
    var sourceDigest: String? = nil
}

/// A table or view as a Swift record type.
struct RecordModel: Equatable {
    enum Kind: Equatable {
        case table
        case view
        /// The rows of a named query (`sqlName` is the query's name).
        case query
    }

    var kind: Kind
    /// The table's or view's SQL name.
    var sqlName: String
    /// The Swift type name (`Person`).
    var typeName: String
    /// The table accessor (`people`).
    var accessorName: String
    /// The singular raw name (`person` in `sqlite3_person_find`).
    var rawSingular: String
    /// The plural raw name (`people` in `sqlite3_people_fetch`).
    var rawPlural: String
    /// The `CREATE` statement, for documentation.
    var createSQL: String
    /// The properties, one per column (hidden columns left out), in select order.
    var properties: [PropertyModel]
    /// The primary key, for tables that have one.
    var key: KeyModel?
    /// Whether rows have a rowid (tables other than `WITHOUT ROWID`).
    var hasRowID: Bool
    /// Foreign keys from this table to others, as relationships.
    var relationships: [RelationshipModel]
    /// How an insert learns the row as stored (tables only).
    var insertReadBack: InsertReadBack = .asBound
    /// The property an insert sets to the time of the insert when the record leaves it
    /// unset (`SQLTimestamps.unset`, or nil): a created timestamp.
    var createdProperty: Int?
    /// The property every insert and update sets to the time of the statement: an updated
    /// timestamp.
    var updatedProperty: Int?

    /// Whether the record sets timestamps of its own.
    var hasTimestamps: Bool { createdProperty != nil || updatedProperty != nil }
    /// Whether the property at `index` is a timestamp the record leaves unset until an
    /// insert sets it (`SQLTimestamps.unset`): created or updated, and not optional.
    func isUnsetTimestamp(at index: Int) -> Bool {
        (index == createdProperty || index == updatedProperty) && !properties[index].isOptional
    }
    /// Whether the table is virtual (FTS, R*Tree, …): SQLite cannot upsert it, so it has no
    /// `save`.
    var isVirtual = false

    /// How an insert learns the row as stored: SlateRecords' `SQLInsertReadBack`.
    enum InsertReadBack: String, Equatable {
        /// The record as bound, with the assigned rowid.
        case asBound
        /// `INSERT … RETURNING`.
        case returning
        /// A `SELECT` after the insert: INSERT triggers may rewrite the row after
        /// `RETURNING` reads it, and virtual tables return nothing to `RETURNING`.
        case select
    }

    var isTable: Bool { kind == .table }

    /// The key's properties, in key order.
    var keyProperties: [PropertyModel] {
        key?.propertyIndices.map { properties[$0] } ?? []
    }
}

/// A column as a Swift property.
struct PropertyModel: Equatable {
    /// The Swift name, unescaped.
    var name: String
    /// The column's SQL name.
    var column: String
    /// The declared SQL type ("" when none).
    var declaredType: String
    /// The Swift value type.
    var type: GeneratorConfiguration.SwiftType
    /// Whether the property is optional (the column can be NULL).
    var isOptional: Bool
    /// Whether the column is generated: read, never inserted or updated.
    var isGenerated: Bool
    /// Whether the column is the rowid alias, assigned by SQLite when left at its default.
    var isRowIDAlias: Bool
    /// A Swift expression for the memberwise initializer's default, if any.
    var defaultValue: String?
    /// The column's index in ``RecordModel`` select.
    var index: Int32
    /// What the documentation says of the column: its SQL, and for views its expression.
    var columnDescription: String
    /// How the column stores dates, for a `Date` property.
    var dateStorage: SQLDate.Storage = .text
    /// How the column stores UUIDs, for a `UUID` property.
    var uuidStorage: SQLUUID.Storage = .text
    /// How the column stores booleans, for a `Bool` property.
    var booleanStorage: SQLBoolean.Storage = .integer

    /// The name as written in code.
    var identifier: String { SwiftIdentifier.escaped(name) }
}

/// A primary key.
struct KeyModel: Equatable {
    /// Indices of the key's properties, in key order.
    var propertyIndices: [Int]
    /// Whether the key is the rowid alias.
    var isRowIDAlias: Bool
}

/// A foreign key as a relationship between two records.
struct RelationshipModel: Equatable {
    /// The index of the referenced (parent) record.
    var parentRecord: Int
    /// Pairs of (child property index, parent property index).
    var pairs: [ColumnPair]
    /// The argument label of `fetch(for:)` on the child table and `find(for:)` on the
    /// parent's: `for`, or `forOwner` when several keys lead to the same parent.
    var label: String
    /// Whether a child property of the key is optional (a child may have no parent).
    var isOptional: Bool

    struct ColumnPair: Equatable {
        var child: Int
        var parent: Int
    }
}
