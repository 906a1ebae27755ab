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
  "body" BLOB,
  "bodyArgument" BOOLEAN,
  "bookAuthor" TEXT,
  "bookByISBNSQL" INTEGER,
  "bookByISBNSlot" REAL,
  "bookCategory" DATETIME,
  "booksByIDsSQL" BLOB,
  "booksNamedSQL" BOOLEAN,
  "booksNamedSlot" TEXT,
  "booksPricedAboveSQL" INTEGER,
  "booksPricedAboveSlot" REAL,
  "booksWithAuthorsSQL" DATETIME,
  "booksWithAuthorsSlot" BLOB,
  "bothDatesSQL" BOOLEAN,
  "bothDatesSlot" TEXT,
  "box" INTEGER,
  "byte" REAL,
  "chain" DATETIME,
  "clearTagsSQL" BLOB,
  "code" BOOLEAN,
  "column" TEXT,
  "container" INTEGER,
  "context" REAL,
  "contextArgument" DATETIME,
  "count" BLOB,
  "countBooksSQL" BOOLEAN,
  "countBooksSlot" TEXT,
  "country" INTEGER,
  "creationSQL" REAL,
  "current" DATETIME,
  "currentIndex" BLOB,
  "customerTotalsSQL" BOOLEAN,
  "customerTotalsSlot" TEXT,
  "day" INTEGER,
  "dayOfEra" REAL,
  "dayOfYear" DATETIME,
  "db" BLOB,
  "dbArgument" BOOLEAN,
  "dbKey" TEXT,
  "dbRecord" INTEGER,
  "decoder" REAL,
  "deleteReviewsSQL" DATETIME,
  "deleteReviewsSlot" BLOB,
  "devLog" BOOLEAN,
  "devNote" TEXT,
  "device" INTEGER,
  "digits" REAL,
  "doubleQuotedStrings" DATETIME,
  "eachEmployeeSQL" BLOB,
  "eachTitleSQL" BOOLEAN,
  "eachTitleSlot" TEXT,
  "edition" INTEGER,
  "editionNote" REAL,
  "eitherDateSQL" DATETIME,
  "eitherDateSlot" BLOB,
  "element" BOOLEAN,
  "employee" TEXT,
  "encoder" INTEGER,
  "end" REAL,
  "enforced" DATETIME,
  "era" BLOB,
  "exact" BOOLEAN,
  "fast" TEXT,
  "fetchOne" INTEGER,
  "fewest" REAL,
  "filter" DATETIME,
  "first" BLOB,
  "flags" BOOLEAN,
  "forBillingAddress" TEXT,
  "forManager" INTEGER,
  "forMentor" REAL,
  "forShippingAddress" DATETIME,
  "fraction" BLOB,
  "from" BOOLEAN,
  "fromDays" TEXT,
  "fromJulianDay" INTEGER,
  "fromNumber" REAL,
  "fromText" DATETIME,
  "fromYear" BLOB,
  "gadget" BOOLEAN,
  "handle" TEXT,
  "handleArgument" INTEGER,
  "handleRecord" REAL,
  "hint" DATETIME,
  "holder" BLOB,
  "hour" BOOLEAN,
  "hours" TEXT,
  "ids" INTEGER,
  "imageRecord" REAL,
  "index" DATETIME,
  "indexArgument" BLOB,
  "indices" BOOLEAN,
  "insertReadBack" TEXT,
  "into" INTEGER,
  "invalidAsNil" REAL,
  "isRecording" DATETIME,
  "iso" BLOB,
  "item" BOOLEAN,
  "itemByNameSQL" TEXT,
  "itemsBetweenSQL" INTEGER,
  "itemsNamedSQL" REAL,
  "itemsWithIDsSQL" DATETIME,
  "joining" BLOB,
  "keeping" BOOLEAN,
  "key" TEXT,
  "key0" INTEGER,
  "key1" REAL,
  "keyOnly" DATETIME,
  "known" BLOB,
  "largestAutoJulianDay" BOOLEAN,
  "latestStampSQL" TEXT,
  "latestStampSlot" INTEGER,
  "limit" REAL,
  "lists" DATETIME,
  "local" BLOB,
  "localChild" BOOLEAN,
  "localPair" TEXT,
  "lock" INTEGER,
  "markReadSQL" REAL,
  "markReadSlot" DATETIME,
  "millisecond" BLOB,
  "milliseconds" BOOLEAN,
  "min" TEXT,
  "minimum" INTEGER,
  "minimumOrders" REAL,
  "minute" DATETIME,
  "minutes" BLOB,
  "monitor" BOOLEAN,
  "monitorTag" TEXT,
  "month" INTEGER,
  "most" REAL,
  "name" DATETIME,
  "next" BLOB,
  "notificationRecord" BOOLEAN,
  "notificationsOfDeviceSQL" TEXT,
  "notificationsOfDeviceSlot" INTEGER,
  "now" REAL,
  "of" DATETIME,
  "offset" BLOB,
  "on" BOOLEAN,
  "operation" TEXT,
  "orderItem" INTEGER,
  "ordersForCustomerSQL" REAL,
  "ordersForCustomerSlot" DATETIME,
  "other" BLOB,
  "outer" BOOLEAN,
  "parser" TEXT,
  "path" INTEGER,
  "pattern" REAL,
  "plausible" DATETIME,
  "pool" BLOB,
  "quotient" BOOLEAN,
  "rankedBooksSQL" TEXT,
  "rankedBooksSlot" INTEGER,
  "read" REAL,
  "readBack" DATETIME,
  "readOnly" BLOB,
  "reading" BOOLEAN,
  "record" TEXT,
  "remainder" INTEGER,
  "renameCustomerSQL" REAL,
  "renameCustomerSlot" DATETIME,
  "renameItemSQL" BLOB,
  "rest" BOOLEAN,
  "returning" TEXT,
  "review" INTEGER,
  "reviewsBySQL" REAL,
  "reviewsBySlot" DATETIME,
  "rowID" BLOB,
  "scale" BOOLEAN,
  "schemaScripts" TEXT,
  "schemaVersion" INTEGER,
  "second" REAL,
  "segments" DATETIME,
  "selectByRowID" BLOB,
  "separator" BOOLEAN,
  "settings" TEXT,
  "shiftedMonth" INTEGER,
  "id" INTEGER PRIMARY KEY,
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
  "tagRecord" TEXT,
  "target" INTEGER,
  "textRange" REAL,
  "time" DATETIME,
  "to" BLOB,
  "total" BOOLEAN,
  "transient" TEXT,
  "type" INTEGER,
  "u" REAL,
  "unsafeBitCast" DATETIME,
  "unsaved" BLOB,
  "updateKeepsStoredForms" BOOLEAN,
  "value" TEXT,
  "valueArgument" INTEGER,
  "walk" REAL,
  "withFraction" DATETIME,
  "withUnsafeBytes" BLOB,
  "y" BOOLEAN,
  "year" TEXT,
  "yearOfEra" INTEGER,
  "z" REAL,
  "Array" DATETIME,
  "Bool" BLOB,
  "CChar" BOOLEAN,
  "CHECK" TEXT,
  "CaseIterable" INTEGER,
  "ClosedRange" REAL,
  "Codable" DATETIME,
  "CodingKey" BLOB,
  "CustomStringConvertible" BOOLEAN,
  "Database" TEXT,
  "Date" INTEGER,
  "Decodable" REAL,
  "DecodingError" DATETIME,
  "Double" BLOB,
  "Equatable" BOOLEAN,
  "Error" TEXT,
  "Foundation" INTEGER,
  "Hashable" REAL,
  "Identifiable" DATETIME,
  "Int" BLOB,
  "Int32" BOOLEAN,
  "Int64" TEXT,
  "KeyedDecodingContainer" INTEGER,
  "NSLock" REAL,
  "OpaquePointer" DATETIME,
  "SQLColumn" BLOB,
  "SQLColumnSet" BOOLEAN,
  "SQLContext" TEXT,
  "SQLDatabase" INTEGER,
  "SQLForeignKey" REAL,
  "SQLITE_AUTH" DATETIME,
  "SQLITE_CONSTRAINT" BLOB,
  "SQLITE_DBCONFIG_DQS_DDL" BOOLEAN,
  "SQLITE_DBCONFIG_DQS_DML" TEXT,
  "SQLITE_DBCONFIG_ENABLE_FTS3_TOKENIZER" INTEGER,
  "SQLITE_DBCONFIG_ENABLE_LOAD_EXTENSION" REAL,
  "SQLITE_DBCONFIG_LEGACY_ALTER_TABLE" DATETIME,
  "SQLITE_DELETE" BLOB,
  "SQLITE_DENY" BOOLEAN,
  "SQLITE_DONE" TEXT,
  "SQLITE_ERROR" INTEGER,
  "SQLITE_MISMATCH" REAL,
  "SQLITE_MISUSE" DATETIME,
  "SQLITE_OK" BLOB,
  "SQLITE_OPEN_CREATE" BOOLEAN,
  "SQLITE_OPEN_NOMUTEX" TEXT,
  "SQLITE_OPEN_READONLY" INTEGER,
  "SQLITE_OPEN_READWRITE" REAL,
  "SQLITE_ROW" DATETIME,
  "SQLITE_UPDATE" BLOB,
  "SQLITE_UTF8" BOOLEAN,
  "SQLInsertReadBack" TEXT,
  "SQLKeyedRecord" INTEGER,
  "SQLPool" REAL,
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
  "SlateRecords" BLOB,
  "StaticString" BOOLEAN,
  "Store" TEXT,
  "Swift" INTEGER,
  "T" REAL,
  "TEXT" DATETIME,
  "Tables" BLOB,
  "UInt64" BOOLEAN,
  "UInt8" TEXT,
  "URL" INTEGER,
  "UTF8" REAL,
  "UUID" DATETIME,
  "Unmanaged" BLOB,
  "UnsafeBufferPointer" BOOLEAN,
  "UnsafeMutablePointer" TEXT,
  "UnsafePointer" INTEGER,
  "UnsafeRawBufferPointer" REAL,
  "Void" DATETIME
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
CREATE TABLE "Bool" (id INTEGER PRIMARY KEY, statement INTEGER REFERENCES every_name (id), "Bool" TEXT);
CREATE TABLE "CChar" (id INTEGER PRIMARY KEY, statement INTEGER REFERENCES every_name (id), "CChar" TEXT);
CREATE TABLE "CHECK" (id INTEGER PRIMARY KEY, statement INTEGER REFERENCES every_name (id), "CHECK" TEXT);
CREATE TABLE "CaseIterable" (id INTEGER PRIMARY KEY, statement INTEGER REFERENCES every_name (id), "CaseIterable" TEXT);
CREATE TABLE "ClosedRange" (id INTEGER PRIMARY KEY, statement INTEGER REFERENCES every_name (id), "ClosedRange" TEXT);
CREATE TABLE "Codable" (id INTEGER PRIMARY KEY, statement INTEGER REFERENCES every_name (id), "Codable" TEXT);
CREATE TABLE "CodingKey" (id INTEGER PRIMARY KEY, statement INTEGER REFERENCES every_name (id), "CodingKey" TEXT);
CREATE TABLE "CustomStringConvertible" (id INTEGER PRIMARY KEY, statement INTEGER REFERENCES every_name (id), "CustomStringConvertible" TEXT);
CREATE TABLE "Database" (id INTEGER PRIMARY KEY, statement INTEGER REFERENCES every_name (id), "Database" TEXT);
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
CREATE TABLE "SlateRecords" (id INTEGER PRIMARY KEY, statement INTEGER REFERENCES every_name (id), "SlateRecords" TEXT);
CREATE TABLE "StaticString" (id INTEGER PRIMARY KEY, statement INTEGER REFERENCES every_name (id), "StaticString" TEXT);
CREATE TABLE "Store" (id INTEGER PRIMARY KEY, statement INTEGER REFERENCES every_name (id), "Store" TEXT);
CREATE TABLE "Swift" (id INTEGER PRIMARY KEY, statement INTEGER REFERENCES every_name (id), "Swift" TEXT);
CREATE TABLE "T" (id INTEGER PRIMARY KEY, statement INTEGER REFERENCES every_name (id), "T" TEXT);
CREATE TABLE "TEXT" (id INTEGER PRIMARY KEY, statement INTEGER REFERENCES every_name (id), "TEXT" TEXT);
CREATE TABLE "Tables" (id INTEGER PRIMARY KEY, statement INTEGER REFERENCES every_name (id), "Tables" TEXT);
CREATE TABLE "UInt64" (id INTEGER PRIMARY KEY, statement INTEGER REFERENCES every_name (id), "UInt64" TEXT);
CREATE TABLE "UInt8" (id INTEGER PRIMARY KEY, statement INTEGER REFERENCES every_name (id), "UInt8" TEXT);
CREATE TABLE "URL" (id INTEGER PRIMARY KEY, statement INTEGER REFERENCES every_name (id), "URL" TEXT);
CREATE TABLE "UTF8" (id INTEGER PRIMARY KEY, statement INTEGER REFERENCES every_name (id), "UTF8" TEXT);
CREATE TABLE "UUID" (id INTEGER PRIMARY KEY, statement INTEGER REFERENCES every_name (id), "UUID" TEXT);
CREATE TABLE "Unmanaged" (id INTEGER PRIMARY KEY, statement INTEGER REFERENCES every_name (id), "Unmanaged" TEXT);
CREATE TABLE "UnsafeBufferPointer" (id INTEGER PRIMARY KEY, statement INTEGER REFERENCES every_name (id), "UnsafeBufferPointer" TEXT);
CREATE TABLE "UnsafeMutablePointer" (id INTEGER PRIMARY KEY, statement INTEGER REFERENCES every_name (id), "UnsafeMutablePointer" TEXT);
CREATE TABLE "UnsafePointer" (id INTEGER PRIMARY KEY, statement INTEGER REFERENCES every_name (id), "UnsafePointer" TEXT);
CREATE TABLE "UnsafeRawBufferPointer" (id INTEGER PRIMARY KEY, statement INTEGER REFERENCES every_name (id), "UnsafeRawBufferPointer" TEXT);
CREATE TABLE "Void" (id INTEGER PRIMARY KEY, statement INTEGER REFERENCES every_name (id), "Void" TEXT);
CREATE VIEW every_view AS SELECT * FROM every_name;
