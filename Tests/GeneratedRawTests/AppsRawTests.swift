import Foundation
import SlateCSQLite
import Testing

/// The schema of other applications' values (`Tests/Fixtures/Schemas/apps.sql`,
/// `Configurations/apps-raw.json`) in raw mode: the same GUIDs, text booleans, NULL keys
/// and bulk types as through the API, with nothing but the SQLite C module.
@Suite struct AppsRawTests {
    final class Scratch {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent(
            "slate-apps-\(UUID().uuidString).sqlite"
        ).path
        deinit {
            for suffix in ["", "-journal", "-wal", "-shm"] {
                try? FileManager.default.removeItem(atPath: path + suffix)
            }
        }
    }

    private func exec(_ db: OpaquePointer, _ sql: String) {
        #expect(sqlite3_exec(db, sql, nil, nil, nil) == SQLITE_OK, "\(String(cString: sqlite3_errmsg(db)))")
    }

    /// The first column of every row of `sql`, as text.
    private func texts(_ db: OpaquePointer, _ sql: String) -> [String] {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(db, sql, -1, &statement, nil) == SQLITE_OK else {
            return ["error: \(String(cString: sqlite3_errmsg(db)))"]
        }
        defer { sqlite3_finalize(statement) }
        var rows: [String] = []
        while sqlite3_step(statement) == SQLITE_ROW { rows.append(String(cString: sqlite3_column_text(statement, 0))) }
        return rows
    }

    private func expectError(
        _ message: String, sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws -> Void
    ) {
        do {
            try body()
            Issue.record("expected \(message), but nothing was thrown", sourceLocation: sourceLocation)
        } catch let error as Apps.SQLError {
            #expect(error.code == SQLITE_MISMATCH, sourceLocation: sourceLocation)
            #expect(error.message == message, sourceLocation: sourceLocation)
        } catch {
            Issue.record("unexpected \(error)", sourceLocation: sourceLocation)
        }
    }

    private let shown = UUID(uuidString: "00112233-4455-6677-8899-AABBCCDDEEFF")!
    private let other = UUID(uuidString: "F0E1D2C3-B4A5-9687-7869-5A4B3C2D1E0F")!

    @Test func guidKeysAndTextBooleansRoundTrip() throws {
        let scratch = Scratch()
        let db = try apps_create_apps(scratch.path)
        defer { sqlite3_close_v2(db) }
        exec(
            db,
            """
            INSERT INTO "Device" VALUES (X'33221100554477668899AABBCCDDEEFF', 'Surface', 'TRUE', NULL);
            INSERT INTO "Notification" VALUES (1, X'33221100554477668899AABBCCDDEEFF', X'C3D2E1F0A5B4879678695A4B3C2D1E0F', 'hello', 'FALSE', 1);
            """)
        var device = try #require(try apps_device_find(db, shown))
        #expect(device == Apps.Device(deviceGuid: shown, name: "Surface", isActive: true, isRoaming: nil))
        device.isActive = false
        device.isRoaming = true
        #expect(try apps_device_update(db, device))
        #expect(
            texts(
                db,
                #"SELECT quote("DeviceGuid") || ' ' || quote("IsActive") || ' ' || quote("IsRoaming") FROM "Device""#)
                == ["X'33221100554477668899AABBCCDDEEFF' 'FALSE' 'TRUE'"])
        let notification = try #require(try apps_notification_record_find(db, 1))
        #expect(notification.activityId == other && !notification.hasRead && notification.isPinned)
        #expect(try apps_device_find(db, for: notification) == device)
        #expect(try apps_notifications_fetch(db, for: device).map(\.id) == [1])
        #expect(try apps_unread_notifications_fetch(db).map(\.deviceGuid) == [shown])
        #expect(try apps_notifications_of_device(db, device: shown, read: false).map(\.id) == [1])
        #expect(try apps_mark_read(db, read: true, activity: other) == 1)
        #expect(texts(db, #"SELECT quote("HasRead") FROM "Notification""#) == ["'TRUE'"])
        #expect(try apps_notification_record_delete(db, notification))
        #expect(try apps_device_delete(db, device))
        #expect(try apps_device_find(db, shown) == nil)

        var inserted = Apps.Device(deviceGuid: other, name: "Xbox")
        try apps_device_insert(db, &inserted)
        #expect(
            texts(
                db,
                #"SELECT quote("DeviceGuid") || ' ' || quote("IsActive") || ' ' || quote("IsRoaming") FROM "Device""#)
                == ["X'C3D2E1F0A5B4879678695A4B3C2D1E0F' 'FALSE' 'TRUE'"])
        #expect(try Apps.Device.find(other, in: db) == inserted)

        exec(db, #"UPDATE "Device" SET "IsActive" = 'yes'"#)
        expectError("column Device.IsActive holds TEXT 'yes', which is not 'TRUE' or 'FALSE', the column's booleans") {
            _ = try apps_devices_fetch(db)
        }
        exec(db, #"UPDATE "Device" SET "IsActive" = 'TRUE', "DeviceGuid" = X'0011'"#)
        expectError(
            "column Device.DeviceGuid holds a BLOB of 2 bytes, which is not a UUID as the column stores them (16 bytes in Microsoft's GUID order)"
        ) {
            _ = try apps_devices_fetch(db)
        }
    }

    @Test func uuidBlobsUpperCaseTextAndNullKeys() throws {
        let scratch = Scratch()
        let db = try apps_create_apps(scratch.path)
        defer { sqlite3_close_v2(db) }
        exec(
            db,
            """
            INSERT INTO "Session" VALUES (X'00112233445566778899AABBCCDDEEFF', 'ada');
            INSERT INTO "Bookmark" VALUES ('00112233-4455-6677-8899-AABBCCDDEEFF', 'home'), ('00112233-4455-6677-8899-aabbccddeeff', 'lower');
            INSERT INTO access_overrides VALUES ('kTCCServiceCamera'), (NULL);
            """)
        var session = try #require(try apps_session_find(db, shown))
        session.user = "grace"
        #expect(try apps_session_update(db, session))
        #expect(
            texts(db, #"SELECT quote("id") || ' ' || "user" FROM "Session""#) == [
                "X'00112233445566778899AABBCCDDEEFF' grace"
            ])
        #expect(try apps_session_delete(db, session))
        let bookmark = try #require(try apps_bookmark_find(db, shown))
        #expect(bookmark.title == "home")
        #expect(try apps_bookmark_delete(db, bookmark))
        expectError(
            "column Bookmark.uuid holds TEXT '00112233-4455-6677-8899-aabbccddeeff', which is not a UUID as the column stores them (upper-case 8-4-4-4-12 text)"
        ) {
            _ = try apps_bookmarks_fetch(db)
        }

        #expect(try apps_access_overrides_fetch(db).map(\.service) == ["kTCCServiceCamera", nil])
        #expect(try apps_access_override_find(db, nil) == nil)
        #expect(try !apps_access_override_delete(db, Apps.AccessOverride(service: nil)))
        let camera = try #require(try apps_access_override_find(db, "kTCCServiceCamera"))
        #expect(try apps_access_override_delete(db, camera))
        #expect(texts(db, "SELECT quote(service) FROM access_overrides") == ["NULL"])
    }

    @Test func bulkTypedColumns() throws {
        let scratch = Scratch()
        let db = try apps_create_apps(scratch.path)
        defer { sqlite3_close_v2(db) }
        exec(
            db,
            """
            INSERT INTO Adobe_images (id_local, id_global, aspectRatio, captureTime, fileHeight, touchTime) VALUES (1, 'G', 1.5, '2019-05-04T12:34:56', 4000, 578000000.5);
            INSERT INTO messages (_id, conversation_id, date) VALUES (1, 42, 1700000000123);
            """)
        var image = try #require(try apps_adobe_image_find(db, 1))
        #expect(
            image.idGlobal == "G" && image.aspectRatio == 1.5 && image.fileHeight == 4000 && image.fileFormat == "unset"
        )
        #expect(image.captureTime == Date(timeIntervalSince1970: 1_556_973_296))
        #expect(image.touchTime == Date(timeIntervalSince1970: 978_307_200 + 578_000_000.5))
        image.rating = 3
        #expect(try apps_adobe_image_update(db, image))
        #expect(texts(db, "SELECT quote(rating) || ' ' || quote(touchTime) FROM Adobe_images") == ["3.0 578000000.5"])
        let message = try #require(try apps_message_find(db, 1))
        #expect(message.conversationId == 42 && message.date == 1_700_000_000_123)
        #expect(try apps_message_delete(db, message))
    }
}
