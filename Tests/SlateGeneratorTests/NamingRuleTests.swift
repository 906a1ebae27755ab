import Foundation
import SlateSchema
import Testing

@testable import SlateGenerator

/// The naming rules of "How names are made" (SlateRecords.docc/GeneratedCode.md), on tables and columns of real
/// application schemas (browser histories, message stores, Core Data, Home Assistant):
/// the exact record type, table accessor and property names in the generated code.
@Suite struct NamingRuleTests {
    /// What the generated code names one table.
    struct Names: Equatable, CustomStringConvertible {
        var type: String
        var accessor: String
        /// The column properties, in column order.
        var properties: [String]

        var description: String { "\(type) / \(accessor) / \(properties)" }
    }

    /// One table's `CREATE` statement and the names expected for it.
    struct Case: Sendable, CustomTestStringConvertible {
        var sql: String
        var type: String
        var accessor: String
        var properties: [String]

        var testDescription: String { String(sql.prefix(60)) }
    }

    /// Generates Swift for `sql` and reads back the names of each table, by SQL name.
    static func names(_ sql: String) throws -> [String: Names] {
        let schema = try SchemaReader.read(scripts: [SQLScript(path: "test.sql", text: sql)])
        let code = try SlateGenerator.generate(schema: schema, inputs: ["test.sql"]).contents
        let lines = code.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        var properties: [String: [Int: String]] = [:]
        var result: [String: Names] = [:]
        for (index, line) in lines.enumerated() {
            if let type = between(line, ": SQLColumn<", ","), let name = between(line, "public var ", ":"),
                let column = between(line, "{ SQLColumn(", ")").flatMap({ Int($0) })
            {
                // A rowid key also has an `id` member reading the same column: keep the first.
                properties[type, default: [:]][column] = properties[type]?[column] ?? name
            }
            if let sqlName = between(line, "/// The rows of the `", "` "), index + 1 < lines.count,
                let type = between(lines[index + 1], ": SQLTable<", ","),
                let accessor = between(lines[index + 1], "public var ", ":")
            {
                result[sqlName] = Names(type: type, accessor: accessor, properties: [])
            }
        }
        for (sqlName, names) in result {
            result[sqlName]?.properties = (properties[names.type] ?? [:]).sorted { $0.key < $1.key }.map(\.value)
        }
        return result
    }

    /// The text between the first `start` in `line` and the next `end` after it.
    private static func between(_ line: String, _ start: String, _ end: String) -> String? {
        guard let from = line.range(of: start), let to = line.range(of: end, range: from.upperBound..<line.endIndex)
        else { return nil }
        return String(line[from.upperBound..<to.lowerBound])
    }

    /// The name of the only table of a `CREATE [VIRTUAL] TABLE name …` statement.
    private static func tableName(_ sql: String) -> String {
        let words = sql.split(separator: " ")
        let index = words[1] == "VIRTUAL" ? 3 : 2
        return String(words[index].prefix { $0 != "(" })
    }

    static let realSchemas: [Case] = [
        // Firefox places.sqlite: a plural, a participle, a run-together plural.
        Case(
            sql:
                "CREATE TABLE moz_places (id INTEGER PRIMARY KEY, url LONGVARCHAR, title LONGVARCHAR, visit_count INTEGER DEFAULT 0, last_visit_date INTEGER)",
            type: "MozPlace", accessor: "mozPlaces", properties: ["id", "url", "title", "visitCount", "lastVisitDate"]),
        Case(
            sql:
                "CREATE TABLE moz_bookmarks_synced (id INTEGER PRIMARY KEY, guid TEXT UNIQUE NOT NULL, parentGuid TEXT, serverModified INTEGER NOT NULL DEFAULT 0, isDeleted BOOLEAN NOT NULL DEFAULT 0)",
            type: "MozBookmarksSynced", accessor: "mozBookmarksSynced",
            properties: ["id", "guid", "parentGuid", "serverModified", "isDeleted"]),
        Case(
            sql:
                "CREATE TABLE moz_historyvisits (id INTEGER PRIMARY KEY, from_visit INTEGER, place_id INTEGER, visit_date INTEGER, visit_type INTEGER, session INTEGER)",
            type: "MozHistoryvisit", accessor: "mozHistoryvisits",
            properties: ["id", "fromVisit", "placeId", "visitDate", "visitType", "session"]),
        Case(
            sql:
                "CREATE TABLE moz_inputhistory (place_id INTEGER NOT NULL, input LONGVARCHAR NOT NULL, use_count INTEGER)",
            type: "MozInputhistory", accessor: "mozInputhistory", properties: ["placeId", "input", "useCount"]),
        // Phone and chat stores: an acronym, a noun, join tables; ROWID is all capitals.
        Case(
            sql: "CREATE TABLE sms (_id INTEGER PRIMARY KEY, thread_id INTEGER, address TEXT, date INTEGER, body TEXT)",
            type: "Sms", accessor: "sms", properties: ["id", "threadId", "address", "date", "body"]),
        Case(
            sql:
                "CREATE TABLE handle (ROWID INTEGER PRIMARY KEY AUTOINCREMENT UNIQUE, id TEXT NOT NULL, service TEXT NOT NULL, uncanonicalized_id TEXT, person_centric_id TEXT)",
            type: "Handle", accessor: "handles",
            properties: ["rowid", "id", "service", "uncanonicalizedId", "personCentricId"]),
        Case(
            sql:
                "CREATE TABLE chat_message_join (chat_id INTEGER, message_id INTEGER, message_date INTEGER DEFAULT 0, PRIMARY KEY (chat_id, message_id))",
            type: "ChatMessageJoin", accessor: "chatMessageJoins", properties: ["chatId", "messageId", "messageDate"]),
        Case(
            sql:
                "CREATE TABLE message_attachment_join (message_id INTEGER, attachment_id INTEGER, UNIQUE (message_id, attachment_id))",
            type: "MessageAttachmentJoin", accessor: "messageAttachmentJoins",
            properties: ["messageId", "attachmentId"]),
        // Core Data: every name in capitals, read as lower-case words.
        Case(
            sql:
                "CREATE TABLE ZNOTE (Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, ZCREATIONDATE TIMESTAMP, ZTITLE VARCHAR)",
            type: "Znote", accessor: "znotes", properties: ["zPk", "zEnt", "zOpt", "zcreationdate", "ztitle"]),
        Case(
            sql:
                "CREATE TABLE Z_PRIMARYKEY (Z_ENT INTEGER PRIMARY KEY, Z_NAME VARCHAR, Z_SUPER INTEGER, Z_MAX INTEGER)",
            type: "ZPrimarykey", accessor: "zPrimarykeys", properties: ["zEnt", "zName", "zSuper", "zMax"]),
        Case(
            sql: "CREATE TABLE Z_METADATA (Z_VERSION INTEGER PRIMARY KEY, Z_UUID VARCHAR(255), Z_PLIST BLOB)",
            type: "ZMetadata", accessor: "zMetadata", properties: ["zVersion", "zUuid", "zPlist"]),
        Case(
            sql: "CREATE TABLE Z_MODELCACHE (Z_CONTENT BLOB)", type: "ZModelcache", accessor: "zModelcaches",
            properties: ["zContent"]),
        Case(
            sql: "CREATE TABLE ZICNOTEDATA (Z_PK INTEGER PRIMARY KEY, ZDATA BLOB)", type: "Zicnotedata",
            accessor: "zicnotedata", properties: ["zPk", "zdata"]),
        // Home Assistant: mass nouns stay as they are.
        Case(
            sql: "CREATE TABLE states_meta (metadata_id INTEGER PRIMARY KEY, entity_id VARCHAR(255))",
            type: "StatesMeta", accessor: "statesMeta", properties: ["metadataId", "entityId"]),
        Case(
            sql:
                "CREATE TABLE statistics_meta (id INTEGER PRIMARY KEY, statistic_id VARCHAR(255), unit_of_measurement VARCHAR(255), has_sum BOOLEAN)",
            type: "StatisticsMeta", accessor: "statisticsMeta",
            properties: ["id", "statisticId", "unitOfMeasurement", "hasSum"]),
        Case(
            sql: "CREATE TABLE event_data (data_id INTEGER PRIMARY KEY, hash BIGINT, shared_data TEXT)",
            type: "EventData", accessor: "eventData", properties: ["dataId", "hashColumn", "sharedData"]),
        // Others: a format, a full-text index, uncountables, words that only look plural.
        Case(
            sql:
                "CREATE TABLE server_keys_json (server_name TEXT NOT NULL, key_id TEXT NOT NULL, ts_added_ms BIGINT NOT NULL, key_json TEXT NOT NULL)",
            type: "ServerKeysJson", accessor: "serverKeysJson",
            properties: ["serverName", "keyId", "tsAddedMs", "keyJson"]),
        Case(
            sql: "CREATE VIRTUAL TABLE notes_fts USING fts5(title, body)", type: "NotesFts", accessor: "notesFts",
            properties: ["title", "body"]),
        Case(
            sql: "CREATE TABLE user_settings (id INTEGER PRIMARY KEY, user_id INTEGER, settings_json TEXT)",
            type: "UserSettings", accessor: "userSettings", properties: ["id", "userId", "settingsJson"]),
        Case(
            sql: "CREATE TABLE media (id INTEGER PRIMARY KEY, file_path TEXT)", type: "Media", accessor: "media",
            properties: ["id", "filePath"]),
        Case(sql: "CREATE TABLE news (id INTEGER PRIMARY KEY)", type: "News", accessor: "news", properties: ["id"]),
        Case(
            sql: "CREATE TABLE status (id INTEGER PRIMARY KEY)", type: "Status", accessor: "statuses",
            properties: ["id"]),
        Case(
            sql: "CREATE TABLE address (id INTEGER PRIMARY KEY)", type: "Address", accessor: "addresses",
            properties: ["id"]),
        Case(
            sql: "CREATE TABLE analysis (id INTEGER PRIMARY KEY)", type: "Analysis", accessor: "analyses",
            properties: ["id"]),
        Case(sql: "CREATE TABLE db (id INTEGER PRIMARY KEY)", type: "Db", accessor: "dbs", properties: ["id"]),
        // All capitals outside Core Data: the same rule.
        Case(
            sql: "CREATE TABLE USERS (USER_ID INTEGER PRIMARY KEY, FIRST_NAME TEXT, EMAIL TEXT)",
            type: "User", accessor: "users", properties: ["userId", "firstName", "email"]),
        Case(
            sql: "CREATE TABLE ORDERS (ORDER_ID INTEGER PRIMARY KEY, TOTAL REAL)", type: "Order", accessor: "orders",
            properties: ["orderId", "total"]),
        // Acronyms in capitals inside mixed-case names.
        Case(
            sql: "CREATE TABLE bookIDs (id INTEGER PRIMARY KEY)", type: "BookID", accessor: "bookIDs",
            properties: ["id"]),
        Case(
            sql: "CREATE TABLE MessageSMS (id INTEGER PRIMARY KEY)", type: "MessageSMS", accessor: "messageSMS",
            properties: ["id"]),
        Case(
            sql: "CREATE TABLE DocumentJSON (id INTEGER PRIMARY KEY)", type: "DocumentJSON", accessor: "documentJSON",
            properties: ["id"]),
        Case(
            sql: "CREATE TABLE FeedURL (id INTEGER PRIMARY KEY)", type: "FeedURL", accessor: "feedURLs",
            properties: ["id"]),
        // GeoPackage: an abbreviation with one form, and a table named in the plural that keeps it.
        Case(
            sql:
                "CREATE TABLE gpkg_spatial_ref_sys (srs_name TEXT NOT NULL, srs_id INTEGER PRIMARY KEY, organization TEXT NOT NULL, organization_coordsys_id INTEGER NOT NULL, definition TEXT NOT NULL, description TEXT)",
            type: "GpkgSpatialRefSys", accessor: "gpkgSpatialRefSys",
            properties: ["srsName", "srsId", "organization", "organizationCoordsysId", "definition", "description"]),
        Case(
            sql:
                "CREATE TABLE gpkg_contents (table_name TEXT NOT NULL PRIMARY KEY, data_type TEXT NOT NULL, identifier TEXT UNIQUE, srs_id INTEGER)",
            type: "GpkgContent", accessor: "gpkgContents", properties: ["tableName", "dataType", "identifier", "srsId"]),
        Case(
            sql: "CREATE TABLE indexes (id INTEGER PRIMARY KEY)", type: "Index", accessor: "indexes", properties: ["id"]
        ),
        // Mass nouns, participles and a run-together name after an acronym keep one form.
        Case(
            sql: "CREATE TABLE maintenance (id INTEGER PRIMARY KEY, due DATE)", type: "Maintenance",
            accessor: "maintenance", properties: ["id", "due"]),
        Case(
            sql:
                "CREATE TABLE emergency_access (id TEXT PRIMARY KEY NOT NULL, grantor_id TEXT, wait_time_days INTEGER)",
            type: "EmergencyAccess", accessor: "emergencyAccess", properties: ["id", "grantorId", "waitTimeDays"]),
        Case(
            sql: "CREATE TABLE unsent (id INTEGER PRIMARY KEY, body TEXT)", type: "Unsent", accessor: "unsent",
            properties: ["id", "body"]),
        Case(
            sql: "CREATE TABLE unclustered (id INTEGER PRIMARY KEY)", type: "Unclustered", accessor: "unclustered",
            properties: ["id"]),
        Case(
            sql: "CREATE TABLE dbinfo (key TEXT PRIMARY KEY NOT NULL, value TEXT)", type: "Dbinfo", accessor: "dbinfo",
            properties: ["key", "value"]),
        // A table named like the generic parameter `Record`: `RecordRow`, not `RecordRecord`.
        Case(
            sql: "CREATE TABLE record (id INTEGER PRIMARY KEY, title TEXT)", type: "RecordRow", accessor: "records",
            properties: ["id", "title"]),
        Case(
            sql: "CREATE TABLE records (id INTEGER PRIMARY KEY)", type: "RecordRow", accessor: "records",
            properties: ["id"]),
        Case(
            sql: "CREATE TABLE store (id INTEGER PRIMARY KEY)", type: "StoreRecord", accessor: "stores",
            properties: ["id"]),
        // What existing schemas rely on.
        Case(
            sql: "CREATE TABLE people (person_id INTEGER PRIMARY KEY)", type: "Person", accessor: "people",
            properties: ["personId"]),
        Case(
            sql: "CREATE TABLE categories (id INTEGER PRIMARY KEY)", type: "Category", accessor: "categories",
            properties: ["id"]),
        Case(
            sql: "CREATE TABLE order_items (id INTEGER PRIMARY KEY)", type: "OrderItem", accessor: "orderItems",
            properties: ["id"]),
        Case(
            sql: "CREATE TABLE items_v2 (id INTEGER PRIMARY KEY)", type: "ItemsV2", accessor: "itemsV2",
            properties: ["id"]),
    ]

    @Test(arguments: realSchemas) func namesFromRealSchemas(_ expected: Case) throws {
        let names = try Self.names(expected.sql)[Self.tableName(expected.sql)]
        #expect(names == Names(type: expected.type, accessor: expected.accessor, properties: expected.properties))
    }

    @Test func namesThatCollideAfterTheRulesStayDistinct() throws {
        let names = try Self.names(
            """
            CREATE TABLE user_settings (id INTEGER PRIMARY KEY);
            CREATE TABLE user_setting (id INTEGER PRIMARY KEY);
            CREATE TABLE history (id INTEGER PRIMARY KEY);
            CREATE TABLE histories (id INTEGER PRIMARY KEY);
            CREATE TABLE ZNOTE (Z_PK INTEGER PRIMARY KEY, ZPK INTEGER, USER_ID INTEGER, UserId INTEGER);
            CREATE TABLE Z_NOTE (id INTEGER PRIMARY KEY);
            CREATE TABLE sms (id INTEGER PRIMARY KEY);
            CREATE TABLE SMS_ (id INTEGER PRIMARY KEY);
            CREATE TABLE states_meta (id INTEGER PRIMARY KEY);
            CREATE TABLE states_metas (id INTEGER PRIMARY KEY);
            """)
        let expected: [String: (type: String, accessor: String)] = [
            "user_settings": ("UserSettings", "userSettings"), "user_setting": ("UserSetting", "userSettings2"),
            "history": ("History", "history"), "histories": ("Histories", "histories"),
            "ZNOTE": ("Znote", "znotes"), "Z_NOTE": ("ZNote", "zNotes"), "sms": ("Sms", "sms"),
            "SMS_": ("Sms2", "sms2"),
            "states_meta": ("StatesMeta", "statesMeta"), "states_metas": ("StatesMetas", "statesMetas"),
        ]
        for (sqlName, want) in expected {
            #expect(names[sqlName]?.type == want.type, "type of \(sqlName)")
            #expect(names[sqlName]?.accessor == want.accessor, "accessor of \(sqlName)")
        }
        #expect(Set(names.values.map(\.type)).count == expected.count)
        #expect(Set(names.values.map(\.accessor)).count == expected.count)
        #expect(names["ZNOTE"]?.properties == ["zPk", "zpk", "userId", "userId2"])
    }

    @Test(arguments: [
        // Acronyms: no vowel, or one letter.
        ("sms", "sms"), ("fts", "fts"), ("gps", "gps"), ("cvs", "cvs"), ("s", "s"),
        // Words that do not read as plurals.
        ("address", "address"), ("status", "status"), ("campus", "campus"), ("analysis", "analysis"),
        ("canvas", "canvas"),
        // Uncountables and formats.
        ("news", "news"), ("settings", "settings"), ("media", "media"), ("data", "data"), ("series", "series"),
        ("json", "json"),
        // Regular and irregular plurals.
        ("timeseries", "timeseries"), ("usersettings", "usersettings"),
        ("places", "place"), ("historyvisits", "historyvisit"), ("entries", "entry"), ("boxes", "box"),
        ("people", "person"),
        ("analyses", "analysis"), ("viruses", "virus"), ("houses", "house"), ("IDs", "ID"), ("rhythms", "rhythm"),
        ("contents", "content"), ("ids", "id"),
        // Abbreviations for either number, mass nouns ending in `s`, run-together mass nouns.
        ("sys", "sys"), ("misc", "misc"), ("access", "access"), ("progress", "progress"), ("dbinfo", "dbinfo"),
    ])
    func singularOnlyOfPlurals(word: String, singular: String) {
        #expect(Inflection.singular(word) == singular)
    }

    @Test(arguments: [
        // Past participles and adjectives.
        ("synced", "synced"), ("deleted", "deleted"), ("previous", "previous"), ("wireless", "wireless"),
        // Acronyms: an `s` unless they end in one or name a format.
        ("sms", "sms"), ("fts", "fts"), ("xml", "xml"), ("csv", "csv"), ("db", "dbs"), ("pdf", "pdfs"), ("v2", "v2"),
        // Mass nouns, formats, plurals.
        ("meta", "meta"), ("data", "data"), ("metadata", "metadata"), ("info", "info"), ("media", "media"),
        ("json", "json"),
        ("settings", "settings"), ("history", "history"), ("news", "news"), ("places", "places"),
        // Countable nouns, including the ones that only look like participles or adjectives.
        ("join", "joins"), ("handle", "handles"), ("feed", "feeds"), ("bed", "beds"), ("status", "statuses"),
        ("analysis", "analyses"), ("basis", "bases"), ("address", "addresses"), ("canvas", "canvases"),
        ("medium", "media"),
        ("modelcache", "modelcaches"), ("primarykey", "primarykeys"), ("price", "prices"), ("sausage", "sausages"),
        // Run-together names ending in a mass noun or a format.
        ("notedata", "notedata"), ("inputhistory", "inputhistory"), ("userinfo", "userinfo"), ("rawjson", "rawjson"),
        ("dbinfo", "dbinfo"), ("useraccess", "useraccess"),
        // Abbreviations for either number, and more mass nouns.
        ("sys", "sys"), ("misc", "misc"), ("maintenance", "maintenance"), ("access", "access"), ("billing", "billing"),
        ("telemetry", "telemetry"), ("progress", "progress"),
        // Irregular participles, with `un-`, and adjectives in `-ing`.
        ("sent", "sent"), ("unsent", "unsent"), ("unread", "unread"), ("hidden", "hidden"), ("unknown", "unknown"),
        ("pending", "pending"), ("outgoing", "outgoing"), ("unclustered", "unclustered"),
        // Countable nouns that look like those: still plural.
        ("content", "content"), ("string", "strings"), ("setting", "settings"), ("meeting", "meetings"),
        ("unit", "units"),
        ("sausage", "sausages"), ("passage", "passages"), ("process", "processes"), ("event", "events"),
    ])
    func pluralOnlyOfCountableNouns(word: String, plural: String) {
        #expect(Inflection.plural(word) == plural)
    }

    @Test func namesInCapitalsReadAsLowerCaseWords() {
        #expect(NameStyle.words("Z_PK") == ["z", "pk"])
        #expect(NameStyle.words("ZCREATIONDATE") == ["zcreationdate"])
        #expect(NameStyle.lowerCamel("Z_PK") == "zPk")
        #expect(NameStyle.lowerCamel("USER_ID") == "userId")
        #expect(NameStyle.upperCamel("Z_PRIMARYKEY") == "ZPrimarykey")
        #expect(NameStyle.singularUpperCamel("ORDERS") == "Order")
        #expect(NameStyle.keyWords(["USER_ID"]) == ["user"])
        // Mixed case keeps its capitals: they mark acronyms.
        #expect(NameStyle.lowerCamel("CustomerID") == "customerID")
        #expect(NameStyle.singularUpperCamel("MessageSMS") == "MessageSMS")
        #expect(NameStyle.pluralLowerCamel("CustomerID") == "customerIDs")
        #expect(NameStyle.pluralLowerCamel("DocumentJSON") == "documentJSON")
    }
}
