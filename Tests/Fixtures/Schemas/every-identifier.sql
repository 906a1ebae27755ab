-- Recorded by Review30GeneratedNameTests from the golden files' identifiers.
CREATE TABLE every_name (
  "abs" TEXT,
  "action" INTEGER,
  "activity" REAL,
  "addCustomerSQL" DATETIME,
  "addCustomerSlot" BLOB,
  "addTagSQL" BOOLEAN,
  "added" TEXT,
  "address" INTEGER,
  "allowed" REAL,
  "allowsDoubleQuotedStrings" DATETIME,
  "asBound" BLOB,
  "assigned" BOOLEAN,
  "at" TEXT,
  "available" INTEGER,
  "b" REAL,
  "base" DATETIME,
  "bindings" BLOB,
  "body" BOOLEAN,
  "bodyArgument" TEXT,
  "bookAuthor" INTEGER,
  "bookByISBNSQL" REAL,
  "bookByISBNSlot" DATETIME,
  "bookCategory" BLOB,
  "booksByIDsSQL" BOOLEAN,
  "booksNamedSQL" TEXT,
  "booksNamedSlot" INTEGER,
  "booksPricedAboveSQL" REAL,
  "booksPricedAboveSlot" DATETIME,
  "booksWithAuthorsSQL" BLOB,
  "booksWithAuthorsSlot" BOOLEAN,
  "bothDatesSQL" TEXT,
  "bothDatesSlot" INTEGER,
  "box" REAL,
  "byte" DATETIME,
  "chain" BLOB,
  "clearTagsSQL" BOOLEAN,
  "code" TEXT,
  "column" INTEGER,
  "container" REAL,
  "context" DATETIME,
  "contextArgument" BLOB,
  "count" BOOLEAN,
  "countBooksSQL" TEXT,
  "countBooksSlot" INTEGER,
  "country" REAL,
  "creationSQL" DATETIME,
  "current" BLOB,
  "currentIndex" BOOLEAN,
  "customerTotalsSQL" TEXT,
  "customerTotalsSlot" INTEGER,
  "database" REAL,
  "day" DATETIME,
  "dayOfEra" BLOB,
  "dayOfYear" BOOLEAN,
  "db" TEXT,
  "dbArgument" INTEGER,
  "dbKey" REAL,
  "dbRecord" DATETIME,
  "decoder" BLOB,
  "deleteReviewsSQL" BOOLEAN,
  "deleteReviewsSlot" TEXT,
  "devLog" INTEGER,
  "devNote" REAL,
  "device" DATETIME,
  "digits" BLOB,
  "doubleQuotedStrings" BOOLEAN,
  "eachEmployeeSQL" TEXT,
  "eachTitleSQL" INTEGER,
  "eachTitleSlot" REAL,
  "edition" DATETIME,
  "editionNote" BLOB,
  "eitherDateSQL" BOOLEAN,
  "eitherDateSlot" TEXT,
  "element" INTEGER,
  "employee" REAL,
  "encoder" DATETIME,
  "end" BLOB,
  "enforced" BOOLEAN,
  "era" TEXT,
  "exact" INTEGER,
  "fast" REAL,
  "fetchOne" DATETIME,
  "fewest" BLOB,
  "filter" BOOLEAN,
  "first" TEXT,
  "flags" INTEGER,
  "forBillingAddress" REAL,
  "forManager" DATETIME,
  "forMentor" BLOB,
  "forShippingAddress" BOOLEAN,
  "fraction" TEXT,
  "from" INTEGER,
  "fromDays" REAL,
  "fromJulianDay" DATETIME,
  "fromNumber" BLOB,
  "fromText" BOOLEAN,
  "fromYear" TEXT,
  "gadget" INTEGER,
  "handle" REAL,
  "handleArgument" DATETIME,
  "handleRecord" BLOB,
  "hint" BOOLEAN,
  "holder" TEXT,
  "hour" INTEGER,
  "hours" REAL,
  "ids" DATETIME,
  "imageRecord" BLOB,
  "includingKey" BOOLEAN,
  "index" TEXT,
  "indexArgument" INTEGER,
  "indices" REAL,
  "insertReadBack" DATETIME,
  "into" BLOB,
  "invalidAsNil" BOOLEAN,
  "isRecording" TEXT,
  "iso" INTEGER,
  "isolation" REAL,
  "item" DATETIME,
  "itemByNameSQL" BLOB,
  "itemsBetweenSQL" BOOLEAN,
  "itemsNamedSQL" TEXT,
  "itemsWithIDsSQL" INTEGER,
  "joining" REAL,
  "keeping" DATETIME,
  "key" BLOB,
  "key0" BOOLEAN,
  "key1" TEXT,
  "keyOnly" INTEGER,
  "known" REAL,
  "largestAutoJulianDay" DATETIME,
  "latestStampSQL" BLOB,
  "latestStampSlot" BOOLEAN,
  "limit" TEXT,
  "lists" INTEGER,
  "local" REAL,
  "localChild" DATETIME,
  "localPair" BLOB,
  "lock" BOOLEAN,
  "markReadSQL" TEXT,
  "markReadSlot" INTEGER,
  "millisecond" REAL,
  "milliseconds" DATETIME,
  "min" BLOB,
  "minimum" BOOLEAN,
  "minimumOrders" TEXT,
  "minute" INTEGER,
  "minutes" REAL,
  "monitor" DATETIME,
  "monitorTag" BLOB,
  "month" BOOLEAN,
  "most" TEXT,
  "name" INTEGER,
  "next" REAL,
  "notificationRecord" DATETIME,
  "notificationsOfDeviceSQL" BLOB,
  "notificationsOfDeviceSlot" BOOLEAN,
  "now" TEXT,
  "of" INTEGER,
  "offset" REAL,
  "on" DATETIME,
  "operation" BLOB,
  "order" BOOLEAN,
  "orderItem" TEXT,
  "ordersForCustomerSQL" INTEGER,
  "ordersForCustomerSlot" REAL,
  "other" DATETIME,
  "outer" BLOB,
  "parser" BOOLEAN,
  "path" TEXT,
  "pattern" INTEGER,
  "plausible" REAL,
  "pool" DATETIME,
  "postgresLayout" BLOB,
  "postgresRow" BOOLEAN,
  "purchase" TEXT,
  "quotient" INTEGER,
  "rankedBooksSQL" REAL,
  "rankedBooksSlot" DATETIME,
  "read" BLOB,
  "readBack" BOOLEAN,
  "readOnly" TEXT,
  "readYourWrites" INTEGER,
  "reading" REAL,
  "record" DATETIME,
  "remainder" BLOB,
  "renameCustomerSQL" BOOLEAN,
  "renameCustomerSlot" TEXT,
  "renameItemSQL" INTEGER,
  "replicaURL" REAL,
  "rest" DATETIME,
  "retries" BLOB,
  "returning" BOOLEAN,
  "review" TEXT,
  "reviewsBySQL" INTEGER,
  "reviewsBySlot" REAL,
  "row" DATETIME,
  "rowID" BLOB,
  "scale" BOOLEAN,
  "schemaScripts" TEXT,
  "schemaVersion" INTEGER,
  "second" REAL,
  "segments" DATETIME,
  "selectByRowID" BLOB,
  "separator" BOOLEAN,
  "settings" TEXT,
  "id" INTEGER PRIMARY KEY,
  "shiftedMonth" INTEGER,
  "shipOrderSQL" REAL,
  "shipOrderSlot" DATETIME,
  "shown" BLOB,
  "side" BOOLEAN,
  "since" TEXT,
  "sinceJulian" INTEGER,
  "sinceSeconds" REAL,
  "sinceWhole" DATETIME,
  "slate_db_config_int" BLOB,
  "sql" BOOLEAN,
  "sqlArgument" TEXT,
  "sqlCount" INTEGER,
  "sqlCreatedColumn" REAL,
  "sqlDelete" DATETIME,
  "sqlFind" BLOB,
  "sqlInsertAll" BOOLEAN,
  "sqlInsertAllReturning" TEXT,
  "sqlInsertAssigningRowID" INTEGER,
  "sqlInsertAssigningRowIDReturning" REAL,
  "sqlName" DATETIME,
  "sqlNames" BLOB,
  "sqlSelect" BOOLEAN,
  "sqlSelectByRowID" TEXT,
  "sqlUpdate" INTEGER,
  "sqlUpdatedColumn" REAL,
  "sqlUpsert" DATETIME,
  "sqlUpsertReturning" BLOB,
  "sqlite3_bind_blob64" BOOLEAN,
  "sqlite3_bind_double" TEXT,
  "sqlite3_bind_int64" INTEGER,
  "sqlite3_bind_null" REAL,
  "sqlite3_bind_text" DATETIME,
  "sqlite3_bind_text64" BLOB,
  "sqlite3_bind_value" BOOLEAN,
  "sqlite3_bind_zeroblob" TEXT,
  "sqlite3_changes" INTEGER,
  "sqlite3_close_v2" REAL,
  "sqlite3_column_blob" DATETIME,
  "sqlite3_column_bytes" BLOB,
  "sqlite3_column_double" BOOLEAN,
  "sqlite3_column_int64" TEXT,
  "sqlite3_column_text" INTEGER,
  "sqlite3_column_type" REAL,
  "sqlite3_column_value" DATETIME,
  "sqlite3_db_handle" BLOB,
  "sqlite3_errmsg" BOOLEAN,
  "sqlite3_errstr" TEXT,
  "sqlite3_exec" INTEGER,
  "sqlite3_extended_errcode" REAL,
  "sqlite3_extended_result_codes" DATETIME,
  "sqlite3_finalize" BLOB,
  "sqlite3_free" BOOLEAN,
  "sqlite3_last_insert_rowid" TEXT,
  "sqlite3_libversion_number" INTEGER,
  "sqlite3_open_v2" REAL,
  "sqlite3_prepare_v2" DATETIME,
  "sqlite3_set_authorizer" BLOB,
  "sqlite3_sql" BOOLEAN,
  "sqlite3_step" TEXT,
  "sqlite3_value_bytes" INTEGER,
  "sqlite3_value_double" REAL,
  "sqlite3_value_int64" DATETIME,
  "sqlite3_value_text" BLOB,
  "sqlite3_value_type" BOOLEAN,
  "sqliteStatement" TEXT,
  "stampedSinceSQL" INTEGER,
  "stampedSinceSlot" REAL,
  "stampsAfterSQL" DATETIME,
  "stampsAfterSlot" BLOB,
  "start" BOOLEAN,
  "statement" TEXT,
  "statementArgument" INTEGER,
  "statementRecord" REAL,
  "statementSlots" DATETIME,
  "stock" BLOB,
  "storage" BOOLEAN,
  "storeRecord" TEXT,
  "stored" INTEGER,
  "storing" REAL,
  "string" DATETIME,
  "supportsReturning" BLOB,
  "table" BOOLEAN,
  "tables" TEXT,
  "tagRecord" INTEGER,
  "target" REAL,
  "textRange" DATETIME,
  "time" BLOB,
  "to" BOOLEAN,
  "total" TEXT,
  "transient" INTEGER,
  "type" REAL,
  "u" DATETIME,
  "unsafeBitCast" BLOB,
  "unsaved" BOOLEAN,
  "updateKeepsStoredForms" TEXT,
  "url" INTEGER,
  "value" REAL,
  "valueArgument" DATETIME,
  "walk" BLOB,
  "withFraction" BOOLEAN,
  "withUnsafeBytes" TEXT,
  "y" INTEGER,
  "year" REAL,
  "yearOfEra" DATETIME,
  "z" BLOB,
  "Array" BOOLEAN,
  "AsyncThrowingStream" TEXT,
  "Bool" INTEGER,
  "CChar" REAL,
  "CHECK" DATETIME,
  "CaseIterable" BLOB,
  "ClosedRange" BOOLEAN,
  "Codable" TEXT,
  "CodingKey" INTEGER,
  "CustomStringConvertible" REAL,
  "Date" DATETIME,
  "Decodable" BLOB,
  "DecodingError" BOOLEAN,
  "Double" TEXT,
  "Equatable" INTEGER,
  "Error" REAL,
  "Foundation" DATETIME,
  "Hashable" BLOB,
  "Identifiable" BOOLEAN,
  "Int" TEXT,
  "Int32" INTEGER,
  "Int64" REAL,
  "KeyedDecodingContainer" DATETIME,
  "NSLock" BLOB,
  "OpaquePointer" BOOLEAN,
  "SQLColumn" TEXT,
  "SQLColumnSet" INTEGER,
  "SQLContext" REAL,
  "SQLDatabase" DATETIME,
  "SQLForeignKey" BLOB,
  "SQLITE_AUTH" BOOLEAN,
  "SQLITE_CONSTRAINT" TEXT,
  "SQLITE_DBCONFIG_DQS_DDL" INTEGER,
  "SQLITE_DBCONFIG_DQS_DML" REAL,
  "SQLITE_DBCONFIG_ENABLE_FTS3_TOKENIZER" DATETIME,
  "SQLITE_DBCONFIG_ENABLE_LOAD_EXTENSION" BLOB,
  "SQLITE_DBCONFIG_LEGACY_ALTER_TABLE" BOOLEAN,
  "SQLITE_DELETE" TEXT,
  "SQLITE_DENY" INTEGER,
  "SQLITE_DONE" REAL,
  "SQLITE_ERROR" DATETIME,
  "SQLITE_MISMATCH" BLOB,
  "SQLITE_MISUSE" BOOLEAN,
  "SQLITE_OK" TEXT,
  "SQLITE_OPEN_CREATE" INTEGER,
  "SQLITE_OPEN_NOMUTEX" REAL,
  "SQLITE_OPEN_READONLY" DATETIME,
  "SQLITE_OPEN_READWRITE" BLOB,
  "SQLITE_ROW" BOOLEAN,
  "SQLITE_UPDATE" TEXT,
  "SQLITE_UTF8" INTEGER,
  "SQLInsertReadBack" REAL,
  "SQLKeyedRecord" DATETIME,
  "SQLPool" BLOB,
  "SQLPostgres" BOOLEAN,
  "SQLPostgresBindings" TEXT,
  "SQLPostgresContext" INTEGER,
  "SQLPostgresKeyedRecord" REAL,
  "SQLPostgresLayout" DATETIME,
  "SQLPostgresRecord" BLOB,
  "SQLPostgresRecordStore" BOOLEAN,
  "SQLPostgresRow" TEXT,
  "SQLPostgresTable" INTEGER,
  "SQLPostgresTarget" REAL,
  "SQLQueryableRecord" DATETIME,
  "SQLRecord" BLOB,
  "SQLRecordCoding" BOOLEAN,
  "SQLRecordRows" TEXT,
  "SQLRecordSlots" INTEGER,
  "SQLRecordStore" REAL,
  "SQLResultRow" DATETIME,
  "SQLSchemaScript" BLOB,
  "SQLStatementSlot" BOOLEAN,
  "SQLTable" TEXT,
  "SQLTableRecord" INTEGER,
  "SQLTimestampedRecord" REAL,
  "SQLTimestamps" DATETIME,
  "SQLTransaction" BLOB,
  "SQLValue" BOOLEAN,
  "SQLite3" TEXT,
  "Sendable" INTEGER,
  "Set" REAL,
  "SlateCSQLite" DATETIME,
  "SlatePostgres" BLOB,
  "SlateRecords" BOOLEAN,
  "StaticString" TEXT,
  "Store" INTEGER,
  "Swift" REAL,
  "T" DATETIME,
  "TEXT" BLOB,
  "UInt64" BOOLEAN,
  "UInt8" TEXT,
  "UTF8" INTEGER,
  "UUID" REAL,
  "Unmanaged" DATETIME,
  "UnsafeBufferPointer" BLOB,
  "UnsafeMutablePointer" BOOLEAN,
  "UnsafePointer" TEXT,
  "UnsafeRawBufferPointer" INTEGER,
  "Void" REAL
);
CREATE TABLE every_child (
  statement INTEGER REFERENCES every_name (id),
  db TEXT NOT NULL,
  "index" INTEGER NOT NULL,
  stored DATETIME,
  value TEXT,
  PRIMARY KEY ("index", db)
) WITHOUT ROWID;
CREATE TABLE "Array" (id INTEGER PRIMARY KEY, statement INTEGER REFERENCES every_name (id), "Array" TEXT);
CREATE TABLE "AsyncThrowingStream" (id INTEGER PRIMARY KEY, statement INTEGER REFERENCES every_name (id), "AsyncThrowingStream" TEXT);
CREATE TABLE "Bool" (id INTEGER PRIMARY KEY, statement INTEGER REFERENCES every_name (id), "Bool" TEXT);
CREATE TABLE "CChar" (id INTEGER PRIMARY KEY, statement INTEGER REFERENCES every_name (id), "CChar" TEXT);
CREATE TABLE "CHECK" (id INTEGER PRIMARY KEY, statement INTEGER REFERENCES every_name (id), "CHECK" TEXT);
CREATE TABLE "CaseIterable" (id INTEGER PRIMARY KEY, statement INTEGER REFERENCES every_name (id), "CaseIterable" TEXT);
CREATE TABLE "ClosedRange" (id INTEGER PRIMARY KEY, statement INTEGER REFERENCES every_name (id), "ClosedRange" TEXT);
CREATE TABLE "Codable" (id INTEGER PRIMARY KEY, statement INTEGER REFERENCES every_name (id), "Codable" TEXT);
CREATE TABLE "CodingKey" (id INTEGER PRIMARY KEY, statement INTEGER REFERENCES every_name (id), "CodingKey" TEXT);
CREATE TABLE "CustomStringConvertible" (id INTEGER PRIMARY KEY, statement INTEGER REFERENCES every_name (id), "CustomStringConvertible" TEXT);
CREATE TABLE "Date" (id INTEGER PRIMARY KEY, statement INTEGER REFERENCES every_name (id), "Date" TEXT);
CREATE TABLE "Decodable" (id INTEGER PRIMARY KEY, statement INTEGER REFERENCES every_name (id), "Decodable" TEXT);
CREATE TABLE "DecodingError" (id INTEGER PRIMARY KEY, statement INTEGER REFERENCES every_name (id), "DecodingError" TEXT);
CREATE TABLE "Double" (id INTEGER PRIMARY KEY, statement INTEGER REFERENCES every_name (id), "Double" TEXT);
CREATE TABLE "Equatable" (id INTEGER PRIMARY KEY, statement INTEGER REFERENCES every_name (id), "Equatable" TEXT);
CREATE TABLE "Error" (id INTEGER PRIMARY KEY, statement INTEGER REFERENCES every_name (id), "Error" TEXT);
CREATE TABLE "Foundation" (id INTEGER PRIMARY KEY, statement INTEGER REFERENCES every_name (id), "Foundation" TEXT);
CREATE TABLE "Hashable" (id INTEGER PRIMARY KEY, statement INTEGER REFERENCES every_name (id), "Hashable" TEXT);
CREATE TABLE "Identifiable" (id INTEGER PRIMARY KEY, statement INTEGER REFERENCES every_name (id), "Identifiable" TEXT);
CREATE TABLE "Int" (id INTEGER PRIMARY KEY, statement INTEGER REFERENCES every_name (id), "Int" TEXT);
CREATE TABLE "Int32" (id INTEGER PRIMARY KEY, statement INTEGER REFERENCES every_name (id), "Int32" TEXT);
CREATE TABLE "Int64" (id INTEGER PRIMARY KEY, statement INTEGER REFERENCES every_name (id), "Int64" TEXT);
CREATE TABLE "KeyedDecodingContainer" (id INTEGER PRIMARY KEY, statement INTEGER REFERENCES every_name (id), "KeyedDecodingContainer" TEXT);
CREATE TABLE "NSLock" (id INTEGER PRIMARY KEY, statement INTEGER REFERENCES every_name (id), "NSLock" TEXT);
CREATE TABLE "OpaquePointer" (id INTEGER PRIMARY KEY, statement INTEGER REFERENCES every_name (id), "OpaquePointer" TEXT);
CREATE TABLE "SQLColumn" (id INTEGER PRIMARY KEY, statement INTEGER REFERENCES every_name (id), "SQLColumn" TEXT);
CREATE TABLE "SQLColumnSet" (id INTEGER PRIMARY KEY, statement INTEGER REFERENCES every_name (id), "SQLColumnSet" TEXT);
CREATE TABLE "SQLContext" (id INTEGER PRIMARY KEY, statement INTEGER REFERENCES every_name (id), "SQLContext" TEXT);
CREATE TABLE "SQLDatabase" (id INTEGER PRIMARY KEY, statement INTEGER REFERENCES every_name (id), "SQLDatabase" TEXT);
CREATE TABLE "SQLForeignKey" (id INTEGER PRIMARY KEY, statement INTEGER REFERENCES every_name (id), "SQLForeignKey" TEXT);
CREATE TABLE "SQLITE_AUTH" (id INTEGER PRIMARY KEY, statement INTEGER REFERENCES every_name (id), "SQLITE_AUTH" TEXT);
CREATE TABLE "SQLITE_CONSTRAINT" (id INTEGER PRIMARY KEY, statement INTEGER REFERENCES every_name (id), "SQLITE_CONSTRAINT" TEXT);
CREATE TABLE "SQLITE_DBCONFIG_DQS_DDL" (id INTEGER PRIMARY KEY, statement INTEGER REFERENCES every_name (id), "SQLITE_DBCONFIG_DQS_DDL" TEXT);
CREATE TABLE "SQLITE_DBCONFIG_DQS_DML" (id INTEGER PRIMARY KEY, statement INTEGER REFERENCES every_name (id), "SQLITE_DBCONFIG_DQS_DML" TEXT);
CREATE TABLE "SQLITE_DBCONFIG_ENABLE_FTS3_TOKENIZER" (id INTEGER PRIMARY KEY, statement INTEGER REFERENCES every_name (id), "SQLITE_DBCONFIG_ENABLE_FTS3_TOKENIZER" TEXT);
CREATE TABLE "SQLITE_DBCONFIG_ENABLE_LOAD_EXTENSION" (id INTEGER PRIMARY KEY, statement INTEGER REFERENCES every_name (id), "SQLITE_DBCONFIG_ENABLE_LOAD_EXTENSION" TEXT);
CREATE TABLE "SQLITE_DBCONFIG_LEGACY_ALTER_TABLE" (id INTEGER PRIMARY KEY, statement INTEGER REFERENCES every_name (id), "SQLITE_DBCONFIG_LEGACY_ALTER_TABLE" TEXT);
CREATE TABLE "SQLITE_DELETE" (id INTEGER PRIMARY KEY, statement INTEGER REFERENCES every_name (id), "SQLITE_DELETE" TEXT);
CREATE TABLE "SQLITE_DENY" (id INTEGER PRIMARY KEY, statement INTEGER REFERENCES every_name (id), "SQLITE_DENY" TEXT);
CREATE TABLE "SQLITE_DONE" (id INTEGER PRIMARY KEY, statement INTEGER REFERENCES every_name (id), "SQLITE_DONE" TEXT);
CREATE TABLE "SQLITE_ERROR" (id INTEGER PRIMARY KEY, statement INTEGER REFERENCES every_name (id), "SQLITE_ERROR" TEXT);
CREATE TABLE "SQLITE_MISMATCH" (id INTEGER PRIMARY KEY, statement INTEGER REFERENCES every_name (id), "SQLITE_MISMATCH" TEXT);
CREATE TABLE "SQLITE_MISUSE" (id INTEGER PRIMARY KEY, statement INTEGER REFERENCES every_name (id), "SQLITE_MISUSE" TEXT);
CREATE TABLE "SQLITE_OK" (id INTEGER PRIMARY KEY, statement INTEGER REFERENCES every_name (id), "SQLITE_OK" TEXT);
CREATE TABLE "SQLITE_OPEN_CREATE" (id INTEGER PRIMARY KEY, statement INTEGER REFERENCES every_name (id), "SQLITE_OPEN_CREATE" TEXT);
CREATE TABLE "SQLITE_OPEN_NOMUTEX" (id INTEGER PRIMARY KEY, statement INTEGER REFERENCES every_name (id), "SQLITE_OPEN_NOMUTEX" TEXT);
CREATE TABLE "SQLITE_OPEN_READONLY" (id INTEGER PRIMARY KEY, statement INTEGER REFERENCES every_name (id), "SQLITE_OPEN_READONLY" TEXT);
CREATE TABLE "SQLITE_OPEN_READWRITE" (id INTEGER PRIMARY KEY, statement INTEGER REFERENCES every_name (id), "SQLITE_OPEN_READWRITE" TEXT);
CREATE TABLE "SQLITE_ROW" (id INTEGER PRIMARY KEY, statement INTEGER REFERENCES every_name (id), "SQLITE_ROW" TEXT);
CREATE TABLE "SQLITE_UPDATE" (id INTEGER PRIMARY KEY, statement INTEGER REFERENCES every_name (id), "SQLITE_UPDATE" TEXT);
CREATE TABLE "SQLITE_UTF8" (id INTEGER PRIMARY KEY, statement INTEGER REFERENCES every_name (id), "SQLITE_UTF8" TEXT);
CREATE TABLE "SQLInsertReadBack" (id INTEGER PRIMARY KEY, statement INTEGER REFERENCES every_name (id), "SQLInsertReadBack" TEXT);
CREATE TABLE "SQLKeyedRecord" (id INTEGER PRIMARY KEY, statement INTEGER REFERENCES every_name (id), "SQLKeyedRecord" TEXT);
CREATE TABLE "SQLPool" (id INTEGER PRIMARY KEY, statement INTEGER REFERENCES every_name (id), "SQLPool" TEXT);
CREATE TABLE "SQLPostgres" (id INTEGER PRIMARY KEY, statement INTEGER REFERENCES every_name (id), "SQLPostgres" TEXT);
CREATE TABLE "SQLPostgresBindings" (id INTEGER PRIMARY KEY, statement INTEGER REFERENCES every_name (id), "SQLPostgresBindings" TEXT);
CREATE TABLE "SQLPostgresContext" (id INTEGER PRIMARY KEY, statement INTEGER REFERENCES every_name (id), "SQLPostgresContext" TEXT);
CREATE TABLE "SQLPostgresKeyedRecord" (id INTEGER PRIMARY KEY, statement INTEGER REFERENCES every_name (id), "SQLPostgresKeyedRecord" TEXT);
CREATE TABLE "SQLPostgresLayout" (id INTEGER PRIMARY KEY, statement INTEGER REFERENCES every_name (id), "SQLPostgresLayout" TEXT);
CREATE TABLE "SQLPostgresRecord" (id INTEGER PRIMARY KEY, statement INTEGER REFERENCES every_name (id), "SQLPostgresRecord" TEXT);
CREATE TABLE "SQLPostgresRecordStore" (id INTEGER PRIMARY KEY, statement INTEGER REFERENCES every_name (id), "SQLPostgresRecordStore" TEXT);
CREATE TABLE "SQLPostgresRow" (id INTEGER PRIMARY KEY, statement INTEGER REFERENCES every_name (id), "SQLPostgresRow" TEXT);
CREATE TABLE "SQLPostgresTable" (id INTEGER PRIMARY KEY, statement INTEGER REFERENCES every_name (id), "SQLPostgresTable" TEXT);
CREATE TABLE "SQLPostgresTarget" (id INTEGER PRIMARY KEY, statement INTEGER REFERENCES every_name (id), "SQLPostgresTarget" TEXT);
CREATE TABLE "SQLQueryableRecord" (id INTEGER PRIMARY KEY, statement INTEGER REFERENCES every_name (id), "SQLQueryableRecord" TEXT);
CREATE TABLE "SQLRecord" (id INTEGER PRIMARY KEY, statement INTEGER REFERENCES every_name (id), "SQLRecord" TEXT);
CREATE TABLE "SQLRecordCoding" (id INTEGER PRIMARY KEY, statement INTEGER REFERENCES every_name (id), "SQLRecordCoding" TEXT);
CREATE TABLE "SQLRecordRows" (id INTEGER PRIMARY KEY, statement INTEGER REFERENCES every_name (id), "SQLRecordRows" TEXT);
CREATE TABLE "SQLRecordSlots" (id INTEGER PRIMARY KEY, statement INTEGER REFERENCES every_name (id), "SQLRecordSlots" TEXT);
CREATE TABLE "SQLRecordStore" (id INTEGER PRIMARY KEY, statement INTEGER REFERENCES every_name (id), "SQLRecordStore" TEXT);
CREATE TABLE "SQLResultRow" (id INTEGER PRIMARY KEY, statement INTEGER REFERENCES every_name (id), "SQLResultRow" TEXT);
CREATE TABLE "SQLSchemaScript" (id INTEGER PRIMARY KEY, statement INTEGER REFERENCES every_name (id), "SQLSchemaScript" TEXT);
CREATE TABLE "SQLStatementSlot" (id INTEGER PRIMARY KEY, statement INTEGER REFERENCES every_name (id), "SQLStatementSlot" TEXT);
CREATE TABLE "SQLTable" (id INTEGER PRIMARY KEY, statement INTEGER REFERENCES every_name (id), "SQLTable" TEXT);
CREATE TABLE "SQLTableRecord" (id INTEGER PRIMARY KEY, statement INTEGER REFERENCES every_name (id), "SQLTableRecord" TEXT);
CREATE TABLE "SQLTimestampedRecord" (id INTEGER PRIMARY KEY, statement INTEGER REFERENCES every_name (id), "SQLTimestampedRecord" TEXT);
CREATE TABLE "SQLTimestamps" (id INTEGER PRIMARY KEY, statement INTEGER REFERENCES every_name (id), "SQLTimestamps" TEXT);
CREATE TABLE "SQLTransaction" (id INTEGER PRIMARY KEY, statement INTEGER REFERENCES every_name (id), "SQLTransaction" TEXT);
CREATE TABLE "SQLValue" (id INTEGER PRIMARY KEY, statement INTEGER REFERENCES every_name (id), "SQLValue" TEXT);
CREATE TABLE "SQLite3" (id INTEGER PRIMARY KEY, statement INTEGER REFERENCES every_name (id), "SQLite3" TEXT);
CREATE TABLE "Sendable" (id INTEGER PRIMARY KEY, statement INTEGER REFERENCES every_name (id), "Sendable" TEXT);
CREATE TABLE "Set" (id INTEGER PRIMARY KEY, statement INTEGER REFERENCES every_name (id), "Set" TEXT);
CREATE TABLE "SlateCSQLite" (id INTEGER PRIMARY KEY, statement INTEGER REFERENCES every_name (id), "SlateCSQLite" TEXT);
CREATE TABLE "SlatePostgres" (id INTEGER PRIMARY KEY, statement INTEGER REFERENCES every_name (id), "SlatePostgres" TEXT);
CREATE TABLE "SlateRecords" (id INTEGER PRIMARY KEY, statement INTEGER REFERENCES every_name (id), "SlateRecords" TEXT);
CREATE TABLE "StaticString" (id INTEGER PRIMARY KEY, statement INTEGER REFERENCES every_name (id), "StaticString" TEXT);
CREATE TABLE "Store" (id INTEGER PRIMARY KEY, statement INTEGER REFERENCES every_name (id), "Store" TEXT);
CREATE TABLE "Swift" (id INTEGER PRIMARY KEY, statement INTEGER REFERENCES every_name (id), "Swift" TEXT);
CREATE TABLE "T" (id INTEGER PRIMARY KEY, statement INTEGER REFERENCES every_name (id), "T" TEXT);
CREATE TABLE "TEXT" (id INTEGER PRIMARY KEY, statement INTEGER REFERENCES every_name (id), "TEXT" TEXT);
CREATE TABLE "UInt64" (id INTEGER PRIMARY KEY, statement INTEGER REFERENCES every_name (id), "UInt64" TEXT);
CREATE TABLE "UInt8" (id INTEGER PRIMARY KEY, statement INTEGER REFERENCES every_name (id), "UInt8" TEXT);
CREATE TABLE "UTF8" (id INTEGER PRIMARY KEY, statement INTEGER REFERENCES every_name (id), "UTF8" TEXT);
CREATE TABLE "UUID" (id INTEGER PRIMARY KEY, statement INTEGER REFERENCES every_name (id), "UUID" TEXT);
CREATE TABLE "Unmanaged" (id INTEGER PRIMARY KEY, statement INTEGER REFERENCES every_name (id), "Unmanaged" TEXT);
CREATE TABLE "UnsafeBufferPointer" (id INTEGER PRIMARY KEY, statement INTEGER REFERENCES every_name (id), "UnsafeBufferPointer" TEXT);
CREATE TABLE "UnsafeMutablePointer" (id INTEGER PRIMARY KEY, statement INTEGER REFERENCES every_name (id), "UnsafeMutablePointer" TEXT);
CREATE TABLE "UnsafePointer" (id INTEGER PRIMARY KEY, statement INTEGER REFERENCES every_name (id), "UnsafePointer" TEXT);
CREATE TABLE "UnsafeRawBufferPointer" (id INTEGER PRIMARY KEY, statement INTEGER REFERENCES every_name (id), "UnsafeRawBufferPointer" TEXT);
CREATE TABLE "Void" (id INTEGER PRIMARY KEY, statement INTEGER REFERENCES every_name (id), "Void" TEXT);
CREATE VIEW every_view AS SELECT * FROM every_name;
