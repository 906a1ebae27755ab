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
  "allowsDoubleQuotedStrings" REAL,
  "asBound" DATETIME,
  "assigned" BLOB,
  "at" BOOLEAN,
  "available" TEXT,
  "b" INTEGER,
  "base" REAL,
  "body" DATETIME,
  "bodyArgument" BLOB,
  "bookAuthor" BOOLEAN,
  "bookByISBNSQL" TEXT,
  "bookByISBNSlot" INTEGER,
  "bookCategory" REAL,
  "booksByIDsSQL" DATETIME,
  "booksNamedSQL" BLOB,
  "booksNamedSlot" BOOLEAN,
  "booksPricedAboveSQL" TEXT,
  "booksPricedAboveSlot" INTEGER,
  "booksWithAuthorsSQL" REAL,
  "booksWithAuthorsSlot" DATETIME,
  "bothDatesSQL" BLOB,
  "bothDatesSlot" BOOLEAN,
  "box" TEXT,
  "byte" INTEGER,
  "chain" REAL,
  "clearTagsSQL" DATETIME,
  "code" BLOB,
  "column" BOOLEAN,
  "container" TEXT,
  "context" INTEGER,
  "contextArgument" REAL,
  "count" DATETIME,
  "countBooksSQL" BLOB,
  "countBooksSlot" BOOLEAN,
  "country" TEXT,
  "creationSQL" INTEGER,
  "current" REAL,
  "currentIndex" DATETIME,
  "customerTotalsSQL" BLOB,
  "customerTotalsSlot" BOOLEAN,
  "day" TEXT,
  "dayOfEra" INTEGER,
  "dayOfYear" REAL,
  "db" DATETIME,
  "dbArgument" BLOB,
  "dbKey" BOOLEAN,
  "dbRecord" TEXT,
  "decoder" INTEGER,
  "deleteReviewsSQL" REAL,
  "deleteReviewsSlot" DATETIME,
  "devLog" BLOB,
  "devNote" BOOLEAN,
  "device" TEXT,
  "digits" INTEGER,
  "doubleQuotedStrings" REAL,
  "eachEmployeeSQL" DATETIME,
  "eachTitleSQL" BLOB,
  "eachTitleSlot" BOOLEAN,
  "edition" TEXT,
  "editionNote" INTEGER,
  "eitherDateSQL" REAL,
  "eitherDateSlot" DATETIME,
  "element" BLOB,
  "employee" BOOLEAN,
  "encoder" TEXT,
  "end" INTEGER,
  "enforced" REAL,
  "era" DATETIME,
  "exact" BLOB,
  "fast" BOOLEAN,
  "fetchOne" TEXT,
  "fewest" INTEGER,
  "filter" REAL,
  "first" DATETIME,
  "flags" BLOB,
  "forBillingAddress" BOOLEAN,
  "forManager" TEXT,
  "forMentor" INTEGER,
  "forShippingAddress" REAL,
  "from" DATETIME,
  "gadget" BLOB,
  "handle" BOOLEAN,
  "handleArgument" TEXT,
  "handleRecord" INTEGER,
  "hint" REAL,
  "hour" DATETIME,
  "hours" BLOB,
  "ids" BOOLEAN,
  "imageRecord" TEXT,
  "inDay" INTEGER,
  "index" REAL,
  "indexArgument" DATETIME,
  "indices" BLOB,
  "insertReadBack" BOOLEAN,
  "into" TEXT,
  "invalidAsNil" INTEGER,
  "isRecording" REAL,
  "iso" DATETIME,
  "item" BLOB,
  "itemByNameSQL" BOOLEAN,
  "itemsBetweenSQL" TEXT,
  "itemsNamedSQL" INTEGER,
  "itemsWithIDsSQL" REAL,
  "joining" DATETIME,
  "keeping" BLOB,
  "key" BOOLEAN,
  "key0" TEXT,
  "key1" INTEGER,
  "keyOnly" REAL,
  "known" DATETIME,
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
  "max" REAL,
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
  "next" INTEGER,
  "notificationRecord" REAL,
  "notificationsOfDeviceSQL" DATETIME,
  "notificationsOfDeviceSlot" BLOB,
  "now" BOOLEAN,
  "of" TEXT,
  "offset" INTEGER,
  "on" REAL,
  "operation" DATETIME,
  "orderItem" BLOB,
  "ordersForCustomerSQL" BOOLEAN,
  "ordersForCustomerSlot" TEXT,
  "other" INTEGER,
  "outer" REAL,
  "path" DATETIME,
  "pattern" BLOB,
  "pool" BOOLEAN,
  "rankedBooksSQL" TEXT,
  "rankedBooksSlot" INTEGER,
  "read" REAL,
  "readBack" DATETIME,
  "readOnly" BLOB,
  "reading" BOOLEAN,
  "record" TEXT,
  "renameCustomerSQL" INTEGER,
  "renameCustomerSlot" REAL,
  "renameItemSQL" DATETIME,
  "returning" BLOB,
  "review" BOOLEAN,
  "reviewsBySQL" TEXT,
  "reviewsBySlot" INTEGER,
  "rowID" REAL,
  "same" DATETIME,
  "scale" BLOB,
  "schemaScripts" BOOLEAN,
  "schemaVersion" TEXT,
  "second" INTEGER,
  "segments" REAL,
  "selectByRowID" DATETIME,
  "separator" BLOB,
  "settings" BOOLEAN,
  "shiftedMonth" TEXT,
  "shipOrderSQL" INTEGER,
  "shipOrderSlot" REAL,
  "shown" DATETIME,
  "id" INTEGER PRIMARY KEY,
  "side" BLOB,
  "since" BOOLEAN,
  "sinceJulian" TEXT,
  "sinceSeconds" INTEGER,
  "sinceWhole" REAL,
  "slate_db_config_int" DATETIME,
  "sql" BLOB,
  "sqlArgument" BOOLEAN,
  "sqlCount" TEXT,
  "sqlCreatedColumn" INTEGER,
  "sqlDelete" REAL,
  "sqlFind" DATETIME,
  "sqlInsertAll" BLOB,
  "sqlInsertAllReturning" BOOLEAN,
  "sqlInsertAssigningRowID" TEXT,
  "sqlInsertAssigningRowIDReturning" INTEGER,
  "sqlName" REAL,
  "sqlNames" DATETIME,
  "sqlSelect" BLOB,
  "sqlSelectByRowID" BOOLEAN,
  "sqlUpdate" TEXT,
  "sqlUpdatedColumn" INTEGER,
  "sqlUpsert" REAL,
  "sqlUpsertReturning" DATETIME,
  "sqlite3_bind_blob64" BLOB,
  "sqlite3_bind_double" BOOLEAN,
  "sqlite3_bind_int64" TEXT,
  "sqlite3_bind_null" INTEGER,
  "sqlite3_bind_text" REAL,
  "sqlite3_bind_text64" DATETIME,
  "sqlite3_bind_value" BLOB,
  "sqlite3_bind_zeroblob" BOOLEAN,
  "sqlite3_changes" TEXT,
  "sqlite3_close_v2" INTEGER,
  "sqlite3_column_blob" REAL,
  "sqlite3_column_bytes" DATETIME,
  "sqlite3_column_double" BLOB,
  "sqlite3_column_int64" BOOLEAN,
  "sqlite3_column_text" TEXT,
  "sqlite3_column_type" INTEGER,
  "sqlite3_column_value" REAL,
  "sqlite3_db_handle" DATETIME,
  "sqlite3_errmsg" BLOB,
  "sqlite3_errstr" BOOLEAN,
  "sqlite3_exec" TEXT,
  "sqlite3_extended_errcode" INTEGER,
  "sqlite3_extended_result_codes" REAL,
  "sqlite3_finalize" DATETIME,
  "sqlite3_free" BLOB,
  "sqlite3_last_insert_rowid" BOOLEAN,
  "sqlite3_libversion_number" TEXT,
  "sqlite3_open_v2" INTEGER,
  "sqlite3_prepare_v2" REAL,
  "sqlite3_set_authorizer" DATETIME,
  "sqlite3_sql" BLOB,
  "sqlite3_step" BOOLEAN,
  "sqlite3_value_double" TEXT,
  "sqlite3_value_int64" INTEGER,
  "sqlite3_value_type" REAL,
  "sqliteStatement" DATETIME,
  "stampedSinceSQL" BLOB,
  "stampedSinceSlot" BOOLEAN,
  "stampsAfterSQL" TEXT,
  "stampsAfterSlot" INTEGER,
  "start" REAL,
  "statement" DATETIME,
  "statementArgument" BLOB,
  "statementRecord" BOOLEAN,
  "statementSlots" TEXT,
  "stock" INTEGER,
  "storage" REAL,
  "storeRecord" DATETIME,
  "stored" BLOB,
  "string" BOOLEAN,
  "supportsReturning" TEXT,
  "table" INTEGER,
  "tagRecord" REAL,
  "target" DATETIME,
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
  "width" DATETIME,
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
  "Codable" REAL,
  "CodingKey" DATETIME,
  "CustomStringConvertible" BLOB,
  "Database" BOOLEAN,
  "Date" TEXT,
  "Decodable" INTEGER,
  "DecodingError" REAL,
  "Double" DATETIME,
  "Equatable" BLOB,
  "Error" BOOLEAN,
  "Foundation" TEXT,
  "Hashable" INTEGER,
  "Identifiable" REAL,
  "Int" DATETIME,
  "Int32" BLOB,
  "Int64" BOOLEAN,
  "KeyedDecodingContainer" TEXT,
  "NSLock" INTEGER,
  "OpaquePointer" REAL,
  "SQLColumn" DATETIME,
  "SQLColumnSet" BLOB,
  "SQLContext" BOOLEAN,
  "SQLDatabase" TEXT,
  "SQLForeignKey" INTEGER,
  "SQLITE_AUTH" REAL,
  "SQLITE_CONSTRAINT" DATETIME,
  "SQLITE_DBCONFIG_DQS_DDL" BLOB,
  "SQLITE_DBCONFIG_DQS_DML" BOOLEAN,
  "SQLITE_DBCONFIG_ENABLE_FTS3_TOKENIZER" TEXT,
  "SQLITE_DBCONFIG_ENABLE_LOAD_EXTENSION" INTEGER,
  "SQLITE_DBCONFIG_LEGACY_ALTER_TABLE" REAL,
  "SQLITE_DELETE" DATETIME,
  "SQLITE_DENY" BLOB,
  "SQLITE_DONE" BOOLEAN,
  "SQLITE_ERROR" TEXT,
  "SQLITE_MISMATCH" INTEGER,
  "SQLITE_MISUSE" REAL,
  "SQLITE_OK" DATETIME,
  "SQLITE_OPEN_CREATE" BLOB,
  "SQLITE_OPEN_NOMUTEX" BOOLEAN,
  "SQLITE_OPEN_READONLY" TEXT,
  "SQLITE_OPEN_READWRITE" INTEGER,
  "SQLITE_ROW" REAL,
  "SQLITE_UPDATE" DATETIME,
  "SQLITE_UTF8" BLOB,
  "SQLInsertReadBack" BOOLEAN,
  "SQLKeyedRecord" TEXT,
  "SQLPool" INTEGER,
  "SQLQueryableRecord" REAL,
  "SQLRecord" DATETIME,
  "SQLRecordCoding" BLOB,
  "SQLRecordRows" BOOLEAN,
  "SQLRecordSlots" TEXT,
  "SQLRecordStore" INTEGER,
  "SQLResultRow" REAL,
  "SQLSchemaScript" DATETIME,
  "SQLStatementSlot" BLOB,
  "SQLTable" BOOLEAN,
  "SQLTableRecord" TEXT,
  "SQLTimestampedRecord" INTEGER,
  "SQLTimestamps" REAL,
  "SQLTransaction" DATETIME,
  "SQLValue" BLOB,
  "SQLite3" BOOLEAN,
  "Sendable" TEXT,
  "Set" INTEGER,
  "SlateCSQLite" REAL,
  "SlateRecords" DATETIME,
  "StaticString" BLOB,
  "Store" BOOLEAN,
  "T" TEXT,
  "TEXT" INTEGER,
  "Tables" REAL,
  "UInt64" DATETIME,
  "UInt8" BLOB,
  "URL" BOOLEAN,
  "UTF8" TEXT,
  "UUID" INTEGER,
  "Unmanaged" REAL,
  "UnsafeBufferPointer" DATETIME,
  "UnsafeMutablePointer" BLOB,
  "UnsafePointer" BOOLEAN,
  "UnsafeRawBufferPointer" TEXT,
  "Void" INTEGER
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
