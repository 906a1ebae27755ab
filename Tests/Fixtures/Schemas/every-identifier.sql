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
  "of" BOOLEAN,
  "offset" TEXT,
  "on" INTEGER,
  "operation" REAL,
  "orderItem" DATETIME,
  "ordersForCustomerSQL" BLOB,
  "ordersForCustomerSlot" BOOLEAN,
  "other" TEXT,
  "outer" INTEGER,
  "path" REAL,
  "pattern" DATETIME,
  "pool" BLOB,
  "rankedBooksSQL" BOOLEAN,
  "rankedBooksSlot" TEXT,
  "read" INTEGER,
  "readBack" REAL,
  "readOnly" DATETIME,
  "reading" BLOB,
  "record" BOOLEAN,
  "renameCustomerSQL" TEXT,
  "renameCustomerSlot" INTEGER,
  "renameItemSQL" REAL,
  "returning" DATETIME,
  "review" BLOB,
  "reviewsBySQL" BOOLEAN,
  "reviewsBySlot" TEXT,
  "rowID" INTEGER,
  "same" REAL,
  "scale" DATETIME,
  "schemaScripts" BLOB,
  "schemaVersion" BOOLEAN,
  "second" TEXT,
  "segments" INTEGER,
  "selectByRowID" REAL,
  "separator" DATETIME,
  "settings" BLOB,
  "shiftedMonth" BOOLEAN,
  "shipOrderSQL" TEXT,
  "id" INTEGER PRIMARY KEY,
  "shipOrderSlot" INTEGER,
  "shown" REAL,
  "side" DATETIME,
  "since" BLOB,
  "sinceJulian" BOOLEAN,
  "sinceSeconds" TEXT,
  "sinceWhole" INTEGER,
  "slate_db_config_int" REAL,
  "sql" DATETIME,
  "sqlArgument" BLOB,
  "sqlCount" BOOLEAN,
  "sqlDelete" TEXT,
  "sqlFind" INTEGER,
  "sqlInsertAll" REAL,
  "sqlInsertAllReturning" DATETIME,
  "sqlInsertAssigningRowID" BLOB,
  "sqlInsertAssigningRowIDReturning" BOOLEAN,
  "sqlName" TEXT,
  "sqlNames" INTEGER,
  "sqlSelect" REAL,
  "sqlSelectByRowID" DATETIME,
  "sqlUpdate" BLOB,
  "sqlUpsert" BOOLEAN,
  "sqlUpsertReturning" TEXT,
  "sqlite3_bind_blob64" INTEGER,
  "sqlite3_bind_double" REAL,
  "sqlite3_bind_int64" DATETIME,
  "sqlite3_bind_null" BLOB,
  "sqlite3_bind_text" BOOLEAN,
  "sqlite3_bind_text64" TEXT,
  "sqlite3_bind_value" INTEGER,
  "sqlite3_bind_zeroblob" REAL,
  "sqlite3_changes" DATETIME,
  "sqlite3_close_v2" BLOB,
  "sqlite3_column_blob" BOOLEAN,
  "sqlite3_column_bytes" TEXT,
  "sqlite3_column_double" INTEGER,
  "sqlite3_column_int64" REAL,
  "sqlite3_column_text" DATETIME,
  "sqlite3_column_type" BLOB,
  "sqlite3_column_value" BOOLEAN,
  "sqlite3_db_handle" TEXT,
  "sqlite3_errmsg" INTEGER,
  "sqlite3_errstr" REAL,
  "sqlite3_exec" DATETIME,
  "sqlite3_extended_errcode" BLOB,
  "sqlite3_extended_result_codes" BOOLEAN,
  "sqlite3_finalize" TEXT,
  "sqlite3_free" INTEGER,
  "sqlite3_last_insert_rowid" REAL,
  "sqlite3_libversion_number" DATETIME,
  "sqlite3_open_v2" BLOB,
  "sqlite3_prepare_v2" BOOLEAN,
  "sqlite3_set_authorizer" TEXT,
  "sqlite3_sql" INTEGER,
  "sqlite3_step" REAL,
  "sqlite3_value_double" DATETIME,
  "sqlite3_value_int64" BLOB,
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
  "string" REAL,
  "supportsReturning" DATETIME,
  "table" BLOB,
  "tagRecord" BOOLEAN,
  "target" TEXT,
  "to" INTEGER,
  "total" REAL,
  "transient" DATETIME,
  "type" BLOB,
  "u" BOOLEAN,
  "unsafeBitCast" TEXT,
  "unsaved" INTEGER,
  "updateKeepsStoredForms" REAL,
  "value" DATETIME,
  "valueArgument" BLOB,
  "walk" BOOLEAN,
  "width" TEXT,
  "withFraction" INTEGER,
  "withUnsafeBytes" REAL,
  "y" DATETIME,
  "year" BLOB,
  "yearOfEra" BOOLEAN,
  "z" TEXT,
  "Array" INTEGER,
  "Bool" REAL,
  "CChar" DATETIME,
  "CHECK" BLOB,
  "Codable" BOOLEAN,
  "CodingKey" TEXT,
  "CustomStringConvertible" INTEGER,
  "Database" REAL,
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
  "SQLQueryableRecord" BOOLEAN,
  "SQLRecord" TEXT,
  "SQLRecordCoding" INTEGER,
  "SQLRecordOperations" REAL,
  "SQLRecordSlots" DATETIME,
  "SQLRecordStore" BLOB,
  "SQLResultRow" BOOLEAN,
  "SQLSchemaScript" TEXT,
  "SQLStatementSlot" INTEGER,
  "SQLTable" REAL,
  "SQLTableRecord" DATETIME,
  "SQLTransaction" BLOB,
  "SQLValue" BOOLEAN,
  "SQLite3" TEXT,
  "Sendable" INTEGER,
  "Set" REAL,
  "SlateCSQLite" DATETIME,
  "SlateRecords" BLOB,
  "StaticString" BOOLEAN,
  "Store" TEXT,
  "T" INTEGER,
  "TEXT" REAL,
  "Tables" DATETIME,
  "UInt64" BLOB,
  "UInt8" BOOLEAN,
  "URL" TEXT,
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
CREATE TABLE "SQLRecordOperations" (id INTEGER PRIMARY KEY, statement INTEGER REFERENCES every_name (id), "SQLRecordOperations" TEXT);
CREATE TABLE "SQLRecordSlots" (id INTEGER PRIMARY KEY, statement INTEGER REFERENCES every_name (id), "SQLRecordSlots" TEXT);
CREATE TABLE "SQLRecordStore" (id INTEGER PRIMARY KEY, statement INTEGER REFERENCES every_name (id), "SQLRecordStore" TEXT);
CREATE TABLE "SQLResultRow" (id INTEGER PRIMARY KEY, statement INTEGER REFERENCES every_name (id), "SQLResultRow" TEXT);
CREATE TABLE "SQLSchemaScript" (id INTEGER PRIMARY KEY, statement INTEGER REFERENCES every_name (id), "SQLSchemaScript" TEXT);
CREATE TABLE "SQLStatementSlot" (id INTEGER PRIMARY KEY, statement INTEGER REFERENCES every_name (id), "SQLStatementSlot" TEXT);
CREATE TABLE "SQLTable" (id INTEGER PRIMARY KEY, statement INTEGER REFERENCES every_name (id), "SQLTable" TEXT);
CREATE TABLE "SQLTableRecord" (id INTEGER PRIMARY KEY, statement INTEGER REFERENCES every_name (id), "SQLTableRecord" TEXT);
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
