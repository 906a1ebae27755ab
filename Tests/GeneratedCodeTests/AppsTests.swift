import Foundation
import SlateRecords
import SlateTestSupport
import Testing

/// Values other applications write, written by SQL as each one writes them
/// (`Tests/Fixtures/Schemas/apps.sql`, typed by `Configurations/apps.json`), read through
/// the generated API, written back, and checked with plain SQL: Windows' GUIDs and text
/// booleans, UUID keys as blobs and upper-case text, macOS TCC's NULL keys, Lightroom's
/// untyped columns and Viber's LONG columns.
@Suite struct AppsTests {
    typealias A = Apps

    private func database() throws -> Apps { try Apps.inMemory() }

    private func exec(_ db: Apps, _ sql: String) throws {
        try db.pool.write { context in try context.exec(sql: sql) }
    }

    /// The values of `sql`, each column as SQLite's `quote()` writes it.
    private func quoted(_ db: Apps, _ sql: String) throws -> [[SQLValue]] {
        try db.pool.read { context in try context.query(sql: sql) }
    }

    /// The GUID Windows shows, and the bytes it stores for it: the first three groups
    /// little-endian.
    private let shown = UUID(uuidString: "00112233-4455-6677-8899-AABBCCDDEEFF")!
    private let stored = "X'33221100554477668899AABBCCDDEEFF'"
    private let other = UUID(uuidString: "F0E1D2C3-B4A5-9687-7869-5A4B3C2D1E0F")!

    // MARK: Windows: GUIDs in Microsoft's layout, booleans as text

    @Test func aGUIDKeyReadsAsWindowsShowsItAndBindsAsItIsStored() throws {
        let db = try database()
        defer { db.close() }
        try exec(
            db,
            """
            INSERT INTO "Device" VALUES (\(stored), 'Surface', 'TRUE', 'FALSE');
            INSERT INTO "Device" VALUES (X'C3D2E1F0A5B4879678695A4B3C2D1E0F', 'Xbox', 'FALSE', NULL);
            """)
        let devices = try db.devices.fetch(orderBy: { $0.name.ascending })
        #expect(
            devices == [
                A.Device(deviceGuid: shown, name: "Surface", isActive: true, isRoaming: false),
                A.Device(deviceGuid: other, name: "Xbox", isActive: false, isRoaming: nil),
            ])
        // The key the record read finds, updates and deletes its row.
        var surface = try #require(try db.devices.find(shown))
        #expect(surface == devices[0])
        surface.name = "Surface Pro"
        surface.isRoaming = true
        #expect(try db.update(surface))
        #expect(
            try quoted(
                db,
                #"SELECT quote("DeviceGuid"), quote("Name"), quote("IsActive"), quote("IsRoaming") FROM "Device" WHERE "Name" LIKE 'Surface%'"#
            )
                == [[.text(stored), "'Surface Pro'", "'TRUE'", "'TRUE'"]])
        // Typed predicates, projections and aggregates bind and read the GUID's bytes.
        #expect(try db.devices.fetch(where: { $0.deviceGuid == shown }).map(\.name) == ["Surface Pro"])
        #expect(try db.devices.fetchCount(where: { $0.deviceGuid.in([other, shown]) }) == 2)
        #expect(try db.devices.select(\.deviceGuid, where: { $0.name == "Xbox" }) == [other])
        #expect(
            try db.devices.fetch(where: { "\($0.deviceGuid) = \(shown, as: $0.deviceGuid)" }).map(\.name) == [
                "Surface Pro"
            ])
        #expect(try db.delete(surface))
        #expect(try db.devices.find(shown) == nil)
        #expect(try db.devices.fetchCount() == 1)

        // Inserted through the API, a GUID is stored as Windows stores it.
        let tablet = try db.insert(A.Device(deviceGuid: shown, name: "Tablet"))
        #expect(
            try quoted(
                db,
                #"SELECT quote("DeviceGuid"), quote("IsActive"), quote("IsRoaming") FROM "Device" WHERE "Name" = 'Tablet'"#
            )
                == [[.text(stored), "'FALSE'", "'TRUE'"]])
        #expect(try db.devices.find(tablet.id) == tablet)
        #expect(try db.devices.update(set: \.isActive, to: true, where: { $0.deviceGuid == shown }) == 1)
        #expect(try quoted(db, #"SELECT quote("IsActive") FROM "Device" WHERE "Name" = 'Tablet'"#) == [["'TRUE'"]])
    }

    @Test func relationshipsAndQueriesBindTheGUIDAndTheBooleanAsStored() throws {
        let db = try database()
        defer { db.close() }
        try exec(
            db,
            """
            INSERT INTO "Device" VALUES (\(stored), 'Surface', 'TRUE', 'TRUE');
            INSERT INTO "Notification" VALUES (1, \(stored), X'C3D2E1F0A5B4879678695A4B3C2D1E0F', 'hello', 'FALSE', 0);
            INSERT INTO "Notification" VALUES (2, \(stored), NULL, 'read', 'TRUE', 1);
            INSERT INTO "Notification" VALUES (3, NULL, NULL, 'orphan', 'FALSE', 1);
            """)
        let device = try #require(try db.devices.find(shown))
        #expect(try db.notifications.fetch(for: device).map(\.id) == [1, 2])
        let first = try #require(try db.notifications.find(1))
        #expect(first.activityId == other && first.deviceGuid == shown && !first.hasRead && !first.isPinned)
        #expect(try db.devices.find(for: first) == device)
        // The view reads the GUID and the booleans as their tables store them.
        #expect(
            try db.unreadNotifications.fetch() == [
                A.UnreadNotification(id: 1, activityId: other, hasRead: false, deviceGuid: shown, isRoaming: true)
            ])
        // Query files bind parameters as the columns they meet store them.
        #expect(try db.notificationsOfDevice(device: shown, read: false).map(\.id) == [1])
        #expect(try db.notificationsOfDevice(device: shown, read: true).map(\.payload) == ["read"])
        #expect(try db.markRead(read: true, activity: other) == 1)
        #expect(try quoted(db, #"SELECT quote("HasRead") FROM "Notification" WHERE "Id" = 1"#) == [["'TRUE'"]])
        // A join on the GUID key.
        let joined = try db.notifications.join(\.device, where: { _, device in device.name == "Surface" })
        #expect(joined.map(\.0.id) == [1, 2])
        // The other side of a join compares in its own storages too.
        let active = try db.notifications.join(
            \.device,
            where: { notification, device in
                device.isActive == true && device.deviceGuid == shown && notification.hasRead == true
            })
        #expect(active.map(\.0.id) == [1, 2])
        #expect(try db.notifications.join(\.device, where: { _, device in device.isActive == false }).isEmpty)
        #expect(try db.devices.fetchCount(where: { $0.isRoaming.in([nil, true]) }) == 1)
        #expect(try db.devices.fetchCount(where: { $0.isRoaming.in([nil, false]) }) == 0)
    }

    @Test func asyncCallsBindTheGUIDAndTheBooleanAsStored() async throws {
        let db = try database()
        defer { db.close() }
        try exec(
            db,
            """
            INSERT INTO "Device" VALUES (\(stored), 'Surface', 'TRUE', 'TRUE');
            INSERT INTO "Notification" VALUES (1, \(stored), NULL, 'read', 'TRUE', 1);
            """)
        let device = try #require(try await db.devices.find(shown))
        let notification = try #require(try await db.notifications.fetch(for: device).first)
        #expect(try await db.devices.find(for: notification) == device)
        #expect(try await db.notificationsOfDevice(device: shown, read: true).map(\.id) == [1])
        let pairs = try await db.devices.select(\.deviceGuid, \.isActive)
        #expect(pairs.map(\.0) == [shown] && pairs.map(\.1) == [true])
    }

    @Test func textBooleansReadWriteAndCompareAsTheirTexts() throws {
        let db = try database()
        defer { db.close() }
        try exec(
            db,
            """
            INSERT INTO "Notification" ("Id", "Payload", "HasRead", "IsPinned") VALUES (1, 'a', 'TRUE', 1), (2, 'b', 'FALSE', 1), (3, 'c', 'FALSE', 0);
            """)
        #expect(try db.notifications.fetch(orderBy: { $0.id.ascending }).map(\.hasRead) == [true, false, false])
        #expect(try db.notifications.fetch(where: { $0.hasRead == false }).map(\.id) == [2, 3])
        #expect(try db.notifications.fetch(where: { $0.hasRead != true && $0.isPinned == true }).map(\.id) == [2])
        #expect(try db.notifications.fetchCount(where: { $0.hasRead.in([true]) }) == 1)
        #expect(
            try db.notifications.select(\.id, \.hasRead, orderBy: { $0.id.ascending }).map(\.1) == [true, false, false])
        // A text boolean and an integer one compare as booleans: 'TRUE' = 1, 'FALSE' = 0.
        #expect(try db.notifications.fetch(where: { $0.hasRead == $0.isPinned }).map(\.id) == [1, 3])
        #expect(try db.notifications.fetch(where: { $0.hasRead != $0.isPinned }).map(\.id) == [2])

        // Written back in the same form, by every path.
        var second = try #require(try db.notifications.find(2))
        second.hasRead = true
        #expect(try db.update(second))
        #expect(try db.notifications.update(set: \.hasRead, to: true, where: { $0.id == 3 }) == 1)
        let inserted = try db.insert(A.NotificationRecord(payload: "d"))
        #expect(inserted.hasRead == false && inserted.isPinned == false)
        #expect(
            try quoted(db, #"SELECT quote("HasRead"), quote("IsPinned") FROM "Notification" ORDER BY "Id""#)
                == [["'TRUE'", "1"], ["'TRUE'", "1"], ["'TRUE'", "0"], ["'FALSE'", "0"]])

        // Anything but the two texts throws, naming the column: never a silent false.
        for (value, held) in [("'true'", "TEXT 'true'"), ("1", "INTEGER 1"), ("'Y'", "TEXT 'Y'")] {
            try exec(db, #"UPDATE "Notification" SET "HasRead" = \#(value) WHERE "Id" = 4"#)
            expectSQLError(
                .mismatch,
                "column Notification.HasRead holds \(held), which is not 'TRUE' or 'FALSE', the column's booleans"
            ) {
                _ = try db.notifications.fetch()
            }
            expectSQLError(
                .mismatch,
                #"column 0 ("HasRead") holds \#(value == "1" ? "1" : value), which is not 'TRUE' or 'FALSE', the column's booleans"#
            ) {
                _ = try db.notifications.select(\.hasRead, where: { $0.id == 4 })
            }
        }
    }

    // MARK: UUID keys as RFC 4122 blobs and upper-case text

    @Test func uuidKeysStoredAsBlobsOrUpperCaseTextRoundTrip() throws {
        let db = try database()
        defer { db.close() }
        try exec(
            db,
            """
            INSERT INTO "Session" VALUES (X'00112233445566778899AABBCCDDEEFF', 'ada');
            INSERT INTO "Bookmark" VALUES ('00112233-4455-6677-8899-AABBCCDDEEFF', 'home');
            """)
        var session = try #require(try db.sessions.fetch().first)
        #expect(session.id == shown)
        #expect(try db.sessions.find(session.id) == session)
        session.user = "grace"
        #expect(try db.update(session))
        var bookmark = try #require(try db.bookmarks.fetch().first)
        #expect(bookmark.uuid == shown)
        #expect(try db.bookmarks.find(bookmark.id) == bookmark)
        bookmark.title = "start"
        #expect(try db.update(bookmark))
        try db.insert(A.Session(id: other, user: "linus"))
        try db.insert(A.Bookmark(uuid: other, title: "away"))
        #expect(
            try quoted(db, #"SELECT quote("id"), quote("user") FROM "Session" ORDER BY "user""#)
                == [
                    ["X'00112233445566778899AABBCCDDEEFF'", "'grace'"],
                    ["X'F0E1D2C3B4A5968778695A4B3C2D1E0F'", "'linus'"],
                ])
        #expect(
            try quoted(db, #"SELECT quote("uuid"), quote("title") FROM "Bookmark" ORDER BY "title""#)
                == [
                    ["'F0E1D2C3-B4A5-9687-7869-5A4B3C2D1E0F'", "'away'"],
                    ["'00112233-4455-6677-8899-AABBCCDDEEFF'", "'start'"],
                ])
        #expect(try db.delete(session))
        #expect(try db.delete(bookmark))
        #expect(try db.sessions.fetchCount() == 1 && db.bookmarks.fetchCount() == 1)

        // A UUID in another form than its column's throws, naming the column and its storage.
        try exec(db, #"INSERT INTO "Bookmark" VALUES ('00112233-4455-6677-8899-aabbccddeeff', 'lower')"#)
        expectSQLError(
            .mismatch,
            "column Bookmark.uuid holds TEXT '00112233-4455-6677-8899-aabbccddeeff', which is not a UUID as the column stores them (upper-case 8-4-4-4-12 text)"
        ) {
            _ = try db.bookmarks.fetch()
        }
        try exec(db, #"INSERT INTO "Session" VALUES ('00112233-4455-6677-8899-aabbccddeeff', 'text')"#)
        expectSQLError(
            .mismatch,
            "column Session.id holds TEXT '00112233-4455-6677-8899-aabbccddeeff', which is not a UUID as the column stores them (16 bytes in RFC 4122 order)"
        ) {
            _ = try db.sessions.fetch()
        }
    }

    // MARK: macOS TCC: keys that hold NULL

    @Test func keysThatHoldNullAreOptionalAndIdentifyNoRow() throws {
        let db = try database()
        defer { db.close() }
        try exec(
            db,
            """
            INSERT INTO access_overrides VALUES ('kTCCServiceCamera'), (NULL), (NULL);
            INSERT INTO access VALUES ('kTCCServiceCamera', 'com.apple.FaceTime', 0, 2, 'UNUSED'),
                                      ('kTCCServiceAppleEvents', 'com.apple.Terminal', 0, 2, NULL);
            INSERT INTO admin VALUES ('version', 19);
            """)
        // Reading every row no longer throws on the NULL keys.
        #expect(
            try db.accessOverrides.fetch(orderBy: { $0.service.ascending }).map(\.service) == [
                nil, nil, "kTCCServiceCamera",
            ])
        var camera = try #require(try db.accessOverrides.find("kTCCServiceCamera"))
        #expect(try db.delete(camera))
        camera.service = "kTCCServiceCamera"
        try db.insert(camera)
        #expect(try db.accessOverrides.find(camera.id) == camera)

        // A NULL key identifies no row: `=` never matches NULL, and two rows hold it.
        #expect(try db.accessOverrides.find(nil) == nil)
        let unnamed = A.AccessOverride(service: nil)
        #expect(try !db.delete(unnamed))
        #expect(try db.accessOverrides.fetchCount(where: { $0.service == nil }) == 2)
        #expect(try db.accessOverrides.delete(where: { $0.service == nil }) == 2)
        #expect(try quoted(db, "SELECT quote(service) FROM access_overrides") == [["'kTCCServiceCamera'"]])

        // A compound key with a NULL in it: the same.
        let events = try #require(try db.access.fetch(where: { $0.indirectObjectIdentifier == nil }).first)
        #expect(events.client == "com.apple.Terminal")
        #expect(try db.access.find(events.id) == nil)
        var changed = events
        changed.authValue = 0
        #expect(try !db.update(changed))
        #expect(try !db.delete(events))
        #expect(
            try quoted(
                db,
                "SELECT quote(auth_value), quote(indirect_object_identifier) FROM access WHERE client = 'com.apple.Terminal'"
            ) == [["2", "NULL"]])
        // ...while a full key round-trips.
        var faceTime = try #require(
            try db.access.find(
                A.Access.ID(
                    service: "kTCCServiceCamera", client: "com.apple.FaceTime", clientType: 0,
                    indirectObjectIdentifier: "UNUSED")))
        faceTime.authValue = 0
        #expect(try db.update(faceTime))
        #expect(try db.access.find(faceTime.id) == faceTime)
        #expect(try db.delete(faceTime))
        // A key declared NOT NULL stays non-optional.
        let version: A.Admin? = try db.admins.find("version")
        #expect(version?.value == 19)
    }

    // MARK: Lightroom and Viber: types in bulk

    @Test func untypedColumnsTypedInBulkReadAsTheirRulesSay() throws {
        let db = try database()
        defer { db.close() }
        // As Lightroom writes them: text GUIDs, REAL seconds since 2001, ISO date text.
        try exec(
            db,
            """
            INSERT INTO Adobe_images (id_local, id_global, aspectRatio, captureTime, colorLabels, fileFormat, fileHeight, fileWidth,
                                      orientation, pick, rating, touchCount, touchTime)
            VALUES (12, '6F2B…-0001', 1.5, '2019-05-04T12:34:56', 'Red', 'RAW', 4000, 6000, 'AB', 1, 5, 3, 578000000.5);
            INSERT INTO AgLibraryFile (id_local, id_global, baseName, extension, folder, importHash, modTime)
            VALUES (7, 'A1', 'IMG_0001', 'CR2', 3, 'abc', '2019-05-04T12:34:56');
            """)
        let image = try #require(try db.adobeImages.find(12))
        #expect(
            image.idGlobal == "6F2B…-0001" && image.aspectRatio == 1.5 && image.colorLabels == "Red"
                && image.fileFormat == "RAW")
        #expect(
            image.fileHeight == 4000 && image.fileWidth == 6000 && image.orientation == "AB" && image.pick == 1
                && image.rating == 5)
        #expect(image.touchCount == 3)
        #expect(image.captureTime == Date(timeIntervalSince1970: 1_556_973_296))
        #expect(image.touchTime == Date(timeIntervalSince1970: 978_307_200 + 578_000_000.5))
        var edited = image
        edited.rating = 4
        edited.touchTime = Date(timeIntervalSince1970: 978_307_200 + 600_000_000)
        #expect(try db.update(edited))
        #expect(try db.adobeImages.find(12) == edited)
        // captureTime did not change: it keeps the text Lightroom wrote, byte for byte.
        #expect(
            try quoted(
                db, "SELECT quote(rating), quote(touchTime), quote(captureTime), quote(fileHeight) FROM Adobe_images")
                == [["4.0", "600000000.0", "'2019-05-04T12:34:56'", "4000.0"]])
        // The initializer's defaults are the columns' own, a number of seconds since 2001 included.
        let fresh = try db.insert(A.AdobeImage(idGlobal: "new"))
        #expect(
            fresh.pick == 0 && fresh.fileFormat == "unset"
                && fresh.touchTime == Date(timeIntervalSince1970: 978_307_200))
        #expect(
            try quoted(db, "SELECT quote(touchTime), quote(fileFormat) FROM Adobe_images WHERE id_global = 'new'") == [
                ["0.0", "'unset'"]
            ])

        let file = try #require(try db.agLibraryFiles.find(7))
        #expect(
            file
                == A.AgLibraryFile(
                    idLocal: 7, idGlobal: "A1", baseName: "IMG_0001", extension: "CR2", folder: 3, importHash: "abc",
                    modTime: "2019-05-04T12:34:56"))
        #expect(try db.delete(file))

        // A value its rule's type cannot hold still throws, naming the column.
        try exec(db, "UPDATE Adobe_images SET rating = 'five' WHERE id_local = 12")
        expectSQLError(.mismatch, "column Adobe_images.rating holds TEXT 'five', which Double cannot hold exactly") {
            _ = try db.adobeImages.find(12)
        }
    }

    @Test func longColumnsAreIntegers() throws {
        let db = try database()
        defer { db.close() }
        try exec(
            db,
            "INSERT INTO messages (_id, conversation_id, date, token, body) VALUES (1, 42, 1700000000123, 9007199254740993, 'hi')"
        )
        var message = try #require(try db.messages.find(1))
        #expect(
            message.conversationId == 42 && message.date == 1_700_000_000_123 && message.token == 9_007_199_254_740_993)
        #expect(message.flag == 0 && message.extraFlags == 0)
        message.date = 1_700_000_000_456
        #expect(try db.update(message))
        let sent = try db.insert(A.Message(conversationId: 42, date: 1))
        #expect(
            try db.messages.fetch(where: { $0.conversationId == 42 }, orderBy: { $0.id.ascending }).map(\.id) == [
                1, sent.id,
            ])
        #expect(
            try quoted(db, "SELECT quote(date), typeof(token) FROM messages ORDER BY _id") == [
                ["1700000000456", "integer"], ["1", "integer"],
            ])
        #expect(try db.delete(message))
        try exec(db, "UPDATE messages SET date = 'soon'")
        expectSQLError(.mismatch, "column messages.date holds TEXT 'soon', which Int cannot hold exactly") {
            _ = try db.messages.fetch()
        }
    }
}
