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
  "purchase" BOOLEAN,
  "quotient" TEXT,
  "rankedBooksSQL" INTEGER,
  "rankedBooksSlot" REAL,
  "read" DATETIME,
  "readBack" BLOB,
  "readOnly" BOOLEAN,
  "reading" TEXT,
  "record" INTEGER,
  "remainder" REAL,
  "renameCustomerSQL" DATETIME,
  "renameCustomerSlot" BLOB,
  "renameItemSQL" BOOLEAN,
  "rest" TEXT,
  "returning" INTEGER,
  "review" REAL,
  "reviewsBySQL" DATETIME,
  "reviewsBySlot" BLOB,
  "rowID" BOOLEAN,
  "scale" TEXT,
  "schemaScripts" INTEGER,
  "schemaVersion" REAL,
  "second" DATETIME,
  "segments" BLOB,
  "selectByRowID" BOOLEAN,
  "separator" TEXT,
  "settings" INTEGER,
  "id" INTEGER PRIMARY KEY,
  "shiftedMonth" REAL,
  "shipOrderSQL" DATETIME,
  "shipOrderSlot" BLOB,
  "shown" BOOLEAN,
  "side" TEXT,
  "since" INTEGER,
  "sinceJulian" REAL,
  "sinceSeconds" DATETIME,
  "sinceWhole" BLOB,
  "slate_db_config_int" BOOLEAN,
  "sql" TEXT,
  "sqlArgument" INTEGER,
  "sqlCount" REAL,
  "sqlCreatedColumn" DATETIME,
  "sqlDelete" BLOB,
  "sqlFind" BOOLEAN,
  "sqlInsertAll" TEXT,
  "sqlInsertAllReturning" INTEGER,
  "sqlInsertAssigningRowID" REAL,
  "sqlInsertAssigningRowIDReturning" DATETIME,
  "sqlName" BLOB,
  "sqlNames" BOOLEAN,
  "sqlSelect" TEXT,
  "sqlSelectByRowID" INTEGER,
  "sqlUpdate" REAL,
  "sqlUpdatedColumn" DATETIME,
  "sqlUpsert" BLOB,
  "sqlUpsertReturning" BOOLEAN,
  "sqlite3_bind_blob64" TEXT,
  "sqlite3_bind_double" INTEGER,
  "sqlite3_bind_int64" REAL,
  "sqlite3_bind_null" DATETIME,
  "sqlite3_bind_text" BLOB,
  "sqlite3_bind_text64" BOOLEAN,
  "sqlite3_bind_value" TEXT,
  "sqlite3_bind_zeroblob" INTEGER,
  "sqlite3_changes" REAL,
  "sqlite3_close_v2" DATETIME,
  "sqlite3_column_blob" BLOB,
  "sqlite3_column_bytes" BOOLEAN,
  "sqlite3_column_double" TEXT,
  "sqlite3_column_int64" INTEGER,
  "sqlite3_column_text" REAL,
  "sqlite3_column_type" DATETIME,
  "sqlite3_column_value" BLOB,
  "sqlite3_db_handle" BOOLEAN,
  "sqlite3_errmsg" TEXT,
  "sqlite3_errstr" INTEGER,
  "sqlite3_exec" REAL,
  "sqlite3_extended_errcode" DATETIME,
  "sqlite3_extended_result_codes" BLOB,
  "sqlite3_finalize" BOOLEAN,
  "sqlite3_free" TEXT,
  "sqlite3_last_insert_rowid" INTEGER,
  "sqlite3_libversion_number" REAL,
  "sqlite3_open_v2" DATETIME,
  "sqlite3_prepare_v2" BLOB,
  "sqlite3_set_authorizer" BOOLEAN,
  "sqlite3_sql" TEXT,
  "sqlite3_step" INTEGER,
  "sqlite3_value_bytes" REAL,
  "sqlite3_value_double" DATETIME,
  "sqlite3_value_int64" BLOB,
  "sqlite3_value_text" BOOLEAN,
  "sqlite3_value_type" TEXT,
  "sqliteStatement" INTEGER,
  "stampedSinceSQL" REAL,
  "stampedSinceSlot" DATETIME,
  "stampsAfterSQL" BLOB,
  "stampsAfterSlot" BOOLEAN,
  "start" TEXT,
  "statement" INTEGER,
  "statementArgument" REAL,
  "statementRecord" DATETIME,
  "statementSlots" BLOB,
  "stock" BOOLEAN,
  "storage" TEXT,
  "storeRecord" INTEGER,
  "stored" REAL,
  "storing" DATETIME,
  "string" BLOB,
  "supportsReturning" BOOLEAN,
  "table" TEXT,
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
  "value" INTEGER,
  "valueArgument" REAL,
  "walk" DATETIME,
  "withFraction" BLOB,
  "withUnsafeBytes" BOOLEAN,
  "y" TEXT,
  "year" INTEGER,
  "yearOfEra" REAL,
  "z" DATETIME,
  "Array" BLOB,
  "Bool" BOOLEAN,
  "CChar" TEXT,
  "CHECK" INTEGER,
  "CaseIterable" REAL,
  "ClosedRange" DATETIME,
  "Codable" BLOB,
  "CodingKey" BOOLEAN,
  "CustomStringConvertible" TEXT,
  "Database" INTEGER,
  "Date" REAL,
  "Decodable" DATETIME,
  "DecodingError" BLOB,
  "Double" BOOLEAN,
  "Equatable" TEXT,
  "Error" INTEGER,
  "Foundation" REAL,
  "Hashable" DATETIME,
  "Identifiable" BLOB,
  "Int" BOOLEAN,
  "Int32" TEXT,
  "Int64" INTEGER,
  "KeyedDecodingContainer" REAL,
  "NSLock" DATETIME,
  "OpaquePointer" BLOB,
  "SQLColumn" BOOLEAN,
  "SQLColumnSet" TEXT,
  "SQLContext" INTEGER,
  "SQLDatabase" REAL,
  "SQLForeignKey" DATETIME,
  "SQLITE_AUTH" BLOB,
  "SQLITE_CONSTRAINT" BOOLEAN,
  "SQLITE_DBCONFIG_DQS_DDL" TEXT,
  "SQLITE_DBCONFIG_DQS_DML" INTEGER,
  "SQLITE_DBCONFIG_ENABLE_FTS3_TOKENIZER" REAL,
  "SQLITE_DBCONFIG_ENABLE_LOAD_EXTENSION" DATETIME,
  "SQLITE_DBCONFIG_LEGACY_ALTER_TABLE" BLOB,
  "SQLITE_DELETE" BOOLEAN,
  "SQLITE_DENY" TEXT,
  "SQLITE_DONE" INTEGER,
  "SQLITE_ERROR" REAL,
  "SQLITE_MISMATCH" DATETIME,
  "SQLITE_MISUSE" BLOB,
  "SQLITE_OK" BOOLEAN,
  "SQLITE_OPEN_CREATE" TEXT,
  "SQLITE_OPEN_NOMUTEX" INTEGER,
  "SQLITE_OPEN_READONLY" REAL,
  "SQLITE_OPEN_READWRITE" DATETIME,
  "SQLITE_ROW" BLOB,
  "SQLITE_UPDATE" BOOLEAN,
  "SQLITE_UTF8" TEXT,
  "SQLInsertReadBack" INTEGER,
  "SQLKeyedRecord" REAL,
  "SQLPool" DATETIME,
  "SQLQueryableRecord" BLOB,
  "SQLRecord" BOOLEAN,
  "SQLRecordCoding" TEXT,
  "SQLRecordRows" INTEGER,
  "SQLRecordSlots" REAL,
  "SQLRecordStore" DATETIME,
  "SQLResultRow" BLOB,
  "SQLSchemaScript" BOOLEAN,
  "SQLStatementSlot" TEXT,
  "SQLTable" INTEGER,
  "SQLTableRecord" REAL,
  "SQLTimestampedRecord" DATETIME,
  "SQLTimestamps" BLOB,
  "SQLTransaction" BOOLEAN,
  "SQLValue" TEXT,
  "SQLite3" INTEGER,
  "Sendable" REAL,
  "Set" DATETIME,
  "SlateCSQLite" BLOB,
  "SlateRecords" BOOLEAN,
  "StaticString" TEXT,
  "Store" INTEGER,
  "Swift" REAL,
  "T" DATETIME,
  "TEXT" BLOB,
  "Tables" BOOLEAN,
  "UInt64" TEXT,
  "UInt8" INTEGER,
  "URL" REAL,
  "UTF8" DATETIME,
  "UUID" BLOB,
  "Unmanaged" BOOLEAN,
  "UnsafeBufferPointer" TEXT,
  "UnsafeMutablePointer" INTEGER,
  "UnsafePointer" REAL,
  "UnsafeRawBufferPointer" DATETIME,
  "Void" BLOB
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
