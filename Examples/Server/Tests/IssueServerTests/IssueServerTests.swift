import Foundation
import Slate
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The real server, started as a child process on a free port with its own database file,
/// spoken to over HTTP. Serialized: each test has its own server, but the machine is small.
@Suite(.serialized) struct IssueServerTests {
    @Test func crudAnswersWithExactJSONAndMapsErrors() throws {
        let directory = TemporaryDirectory()
        let server = try ServerProcess(database: directory.path("issues.sqlite"), directory: directory)
        let port = server.port

        var response = try request("GET", "/health", port: port)
        #expect(response.status == 200)
        #expect(response.body == #"{"eventStreams":0,"observations":0,"schemaVersion":3,"status":"ok"}"#)

        // The upsert: created, then its colour changed, same key.
        response = try request("PUT", "/labels/bug", port: port, body: #"{"color":"red"}"#)
        #expect(response.status == 200)
        #expect(response.body == #"{"color":"red","default":0,"labelId":1,"name":"bug","order":0}"#)
        response = try request("PUT", "/labels/bug", port: port, body: #"{"color":"crimson"}"#)
        #expect(response.body == #"{"color":"crimson","default":0,"labelId":1,"name":"bug","order":0}"#)
        _ = try request("PUT", "/labels/ui", port: port, body: #"{"color":"blue"}"#)

        // Create (a transaction with its labels), get, list with typed filters.
        response = try request(
            "POST", "/issues", port: port, body: #"{"title":"Crash on start","labels":["bug","ui"]}"#,
            headers: ["X-Request-Id": "req-42"])
        #expect(response.status == 201)
        #expect(response.headers["x-request-id"] == "req-42")
        var stamped = Stamped(response.body)
        #expect(
            stamped.masked
                == #"{"body":"","createdAt":"T","issueId":1,"priority":2,"state":"open","title":"Crash on start","updatedAt":"T"}"#
        )
        #expect(stamped.areRecent() && stamped.created == stamped.updated)
        let issue1Created = stamped.created
        response = try request(
            "POST", "/issues", port: port, body: #"{"title":"Slow search","body":"takes 3 s","priority":1}"#)
        stamped = Stamped(response.body)
        #expect(
            stamped.masked
                == #"{"body":"takes 3 s","createdAt":"T","issueId":2,"priority":1,"state":"open","title":"Slow search","updatedAt":"T"}"#
        )
        let issue2Created = stamped.created
        #expect(
            Stamped(try request("GET", "/issues/1", port: port).body).masked
                == #"{"body":"","createdAt":"T","issueId":1,"priority":2,"state":"open","title":"Crash on start","updatedAt":"T"}"#
        )
        #expect(
            Stamped(try request("GET", "/issues?priority=1", port: port).body).masked
                == #"{"items":[{"body":"takes 3 s","createdAt":"T","issueId":2,"priority":1,"state":"open","title":"Slow search","updatedAt":"T"}],"number":1,"pageCount":1,"size":20,"total":1}"#
        )
        #expect(
            Stamped(try request("GET", "/issues?state=open&q=Crash", port: port).body).masked
                == #"{"items":[{"body":"","createdAt":"T","issueId":1,"priority":2,"state":"open","title":"Crash on start","updatedAt":"T"}],"number":1,"pageCount":1,"size":20,"total":1}"#
        )
        #expect(
            try request("GET", "/issues?state=closed", port: port).body
                == #"{"items":[],"number":1,"pageCount":0,"size":20,"total":0}"#)

        // Update, comments, the join, the transaction that closes. An update keeps the
        // created date and sets the updated one (a few milliseconds later, so that the
        // two differ at the columns' millisecond precision).
        usleep(5_000)
        response = try request("PATCH", "/issues/2", port: port, body: #"{"title":"Slow search on Linux"}"#)
        stamped = Stamped(response.body)
        #expect(
            stamped.masked
                == #"{"body":"takes 3 s","createdAt":"T","issueId":2,"priority":1,"state":"open","title":"Slow search on Linux","updatedAt":"T"}"#
        )
        #expect(stamped.created == issue2Created && stamped.updated[0] > stamped.created[0])
        response = try request(
            "POST", "/issues/1/comments", port: port, body: #"{"author":"ada","body":"Seen it too"}"#)
        #expect(response.status == 201)
        #expect(response.body == #"{"author":"ada","body":"Seen it too","commentId":1,"issueId":1}"#)
        response = try request(
            "POST", "/issues/1/close", port: port, body: #"{"author":"grace","reason":"fixed in 1.2"}"#)
        stamped = Stamped(response.body)
        #expect(
            stamped.masked
                == #"{"body":"","createdAt":"T","issueId":1,"priority":2,"state":"closed","title":"Crash on start","updatedAt":"T"}"#
        )
        #expect(stamped.created == issue1Created && stamped.updated[0] > stamped.created[0])
        #expect(
            try request("GET", "/issues/1/comments", port: port).body
                == #"[{"author":"ada","body":"Seen it too","commentId":1,"issueId":1},{"author":"grace","body":"Closed: fixed in 1.2","commentId":2,"issueId":1}]"#
        )
        #expect(
            try request("GET", "/comments?author=ada", port: port).body
                == #"[{"comment":{"author":"ada","body":"Seen it too","commentId":1,"issueId":1},"issueTitle":"Crash on start"}]"#
        )
        #expect(
            try request("GET", "/issues/summary", port: port).body
                == #"[{"commentCount":2,"issueId":1,"labels":"bug,ui","priority":2,"state":"closed","title":"Crash on start"},{"commentCount":0,"issueId":2,"labels":"","priority":1,"state":"open","title":"Slow search on Linux"}]"#
        )

        // Errors: 404, 409 (a CHECK, a UNIQUE-free conflict of state), 400, 422.
        response = try request("GET", "/issues/99", port: port)
        #expect(response.status == 404)
        #expect(response.body == #"{"error":"issue 99 not found","status":404}"#)
        #expect(
            try request("POST", "/issues/99/comments", port: port, body: #"{"author":"a","body":"b"}"#).status == 404)
        response = try request("PATCH", "/issues/2", port: port, body: #"{"priority":9}"#)
        #expect(response.status == 409)
        #expect(response.body.hasPrefix(#"{"error":"CHECK constraint failed"#))
        #expect(
            try request("POST", "/issues/1/close", port: port, body: #"{"author":"a","reason":"again"}"#).status == 409)
        response = try request("POST", "/issues", port: port, body: #"{"title": "#)
        #expect(response.status == 400)
        #expect(response.body == #"{"error":"the body is not JSON","status":400}"#)
        response = try request("POST", "/issues", port: port, body: #"{"body":"no title"}"#)
        #expect(response.status == 422)
        #expect(response.body == #"{"error":"`title` is missing","status":422}"#)
        response = try request("POST", "/issues", port: port, body: #"{"title":7}"#)
        #expect(response.status == 422)
        #expect(response.body == #"{"error":"`title` is not String","status":422}"#)
        response = try request("POST", "/issues", port: port, body: #"{"title":""}"#)
        #expect(response.body == #"{"error":"`title` is empty","status":422}"#)
        response = try request("PATCH", "/issues/2", port: port, body: #"{"title":""}"#)
        #expect(response.body == #"{"error":"`title` is empty","status":422}"#)
        // A title past the schema's CHECK (200 characters) is the database's refusal: 409.
        response = try request(
            "PATCH", "/issues/2", port: port, body: "{\"title\":\"\(String(repeating: "x", count: 201))\"}")
        #expect(response.status == 409)
        // A body past the 1 MiB the server collects is refused, not read.
        response = try request(
            "POST", "/issues", port: port, body: "{\"title\":\"\(String(repeating: "y", count: 1 << 20))\"}")
        #expect(response.status == 413)
        // An unknown route and a value too large for an id.
        #expect(try request("GET", "/nope", port: port).body == #"{"error":"Not Found","status":404}"#)
        #expect(try request("GET", "/issues/99999999999999999999", port: port).status == 400)
        // A label that does not exist rolls the whole transaction back: no issue 3.
        response = try request("POST", "/issues", port: port, body: #"{"title":"Orphan","labels":["bug","nope"]}"#)
        #expect(response.status == 422)
        #expect(response.body == #"{"error":"no label named nope","status":422}"#)
        #expect(try request("GET", "/issues/3", port: port).status == 404)
        #expect(try request("GET", "/issues/abc", port: port).status == 400)
        #expect(try request("GET", "/issues?priority=high", port: port).status == 422)

        // Delete: 204, then 404, and the comments went with it (ON DELETE CASCADE).
        #expect(try request("DELETE", "/issues/1", port: port).status == 204)
        #expect(try request("DELETE", "/issues/1", port: port).status == 404)
        #expect(try request("GET", "/comments", port: port).body == "[]")
        #expect(
            Stamped(try request("GET", "/issues", port: port).body).masked
                == #"{"items":[{"body":"takes 3 s","createdAt":"T","issueId":2,"priority":1,"state":"open","title":"Slow search on Linux","updatedAt":"T"}],"number":1,"pageCount":1,"size":20,"total":1}"#
        )

        // The request id reaches the log lines of the request.
        server.signal(SIGTERM)
        #expect(server.exitStatus(within: 10) == 0)
        #expect(server.log.contains("request_id=req-42"))
        #expect(server.log.contains("issue opened"))
    }

    /// A file at schema version 1, with an issue in it, is upgraded to version 2 as the
    /// server starts; the issue is kept and gets the new column's default.
    @Test func aVersion1FileIsUpgradedAtStart() throws {
        let directory = TemporaryDirectory()
        let path = directory.path("old.sqlite")
        let version1 = try String(
            contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
                .appendingPathComponent("../../Sources/IssueTracker/issues-001.sql").standardized,
            encoding: .utf8)
        do {
            let context = try SQLContext(path: path)
            try context.exec(sql: version1)
            try context.exec(sql: "PRAGMA user_version = 1")
            try context.exec(sql: "INSERT INTO issue (title, body) VALUES ('From version 1', 'kept')")
            context.close()
        }
        let server = try ServerProcess(database: path, directory: directory)
        // Version 3 stamped the issue with the time of the upgrade.
        let stamped = Stamped(try request("GET", "/issues/1", port: server.port).body)
        #expect(
            stamped.masked
                == #"{"body":"kept","createdAt":"T","issueId":1,"priority":2,"state":"open","title":"From version 1","updatedAt":"T"}"#
        )
        #expect(stamped.areRecent() && stamped.created == stamped.updated)
        #expect(try request("GET", "/health", port: server.port).body.contains(#""schemaVersion":3"#))
        // Slate logs the upgrade at info, with its versions.
        #expect(logLines(server.log, level: "info", containing: "from version 1 to 3").count == 2)
        server.signal(SIGTERM)
        #expect(server.exitStatus(within: 10) == 0)
        let context = try SQLContext(path: path, flags: [.readOnly])
        defer { context.close() }
        #expect(try context.query(sql: "PRAGMA user_version")[0][0].integerValue == 3)
    }

    @Test func anEventStreamGetsAnEventAfterAPost() throws {
        let directory = TemporaryDirectory()
        let server = try ServerProcess(database: directory.path("issues.sqlite"), directory: directory)
        let events = try EventStream(port: server.port)
        #expect(try events.nextEvent() == "event: issues\ndata: {\"newest\":0,\"open\":0}")
        #expect(try request("POST", "/issues", port: server.port, body: #"{"title":"One"}"#).status == 201)
        #expect(try events.nextEvent() == "event: issues\ndata: {\"newest\":1,\"open\":1}")
        #expect(try request("POST", "/issues", port: server.port, body: #"{"title":"Two"}"#).status == 201)
        #expect(try events.nextEvent() == "event: issues\ndata: {\"newest\":2,\"open\":2}")
        // A commit that leaves the value as it was sends nothing; the next change does.
        #expect(
            try request("POST", "/issues/1/comments", port: server.port, body: #"{"author":"a","body":"b"}"#).status
                == 201)
        #expect(try request("DELETE", "/issues/2", port: server.port).status == 204)
        #expect(try events.nextEvent() == "event: issues\ndata: {\"newest\":1,\"open\":1}")
        server.signal(SIGTERM)
        try events.waitForEnd(within: 5)
        #expect(server.exitStatus(within: 5) == 0)
    }

    /// Clients that hang up are noticed by the heartbeat, with no commit at all: their
    /// observations end and the count on /health drops.
    @Test func clientsThatDisconnectEndTheirObservations() throws {
        let directory = TemporaryDirectory()
        let server = try ServerProcess(database: directory.path("issues.sqlite"), directory: directory)
        let port = server.port
        let streams = try (0..<3).map { _ in try EventStream(port: port) }
        for stream in streams { #expect(try stream.nextEvent() != nil) }
        try eventually("three observations") {
            try request("GET", "/health", port: port).body
                == #"{"eventStreams":3,"observations":3,"schemaVersion":3,"status":"ok"}"#
        }
        streams[0].disconnect()
        streams[1].disconnect()
        try eventually("one observation") {
            try request("GET", "/health", port: port).body
                == #"{"eventStreams":1,"observations":1,"schemaVersion":3,"status":"ok"}"#
        }
        streams[2].disconnect()
        try eventually("no observation") {
            try request("GET", "/health", port: port).body
                == #"{"eventStreams":0,"observations":0,"schemaVersion":3,"status":"ok"}"#
        }
        // No commit was made meanwhile: the database has no issue.
        #expect(
            try request("GET", "/issues", port: port).body
                == #"{"items":[],"number":1,"pageCount":0,"size":20,"total":0}"#)
        server.signal(SIGTERM)
        #expect(server.exitStatus(within: 5) == 0)
    }

    /// SIGTERM with open event streams: each stream ends, the server exits with status 0
    /// within 5 s, and the pool was closed after the HTTP server stopped.
    @Test func sigtermWithOpenEventStreamsEndsThemAndExitsCleanly() throws {
        let directory = TemporaryDirectory()
        // A heartbeat far longer than the bound: the streams must end through the pool
        // service, not through a failed ping.
        let server = try ServerProcess(
            database: directory.path("issues.sqlite"), directory: directory, heartbeatMilliseconds: 600_000)
        let streams = try (0..<2).map { _ in try EventStream(port: server.port) }
        for stream in streams { #expect(try stream.nextEvent() != nil) }
        let start = Date()
        server.signal(SIGTERM)
        for stream in streams { try stream.waitForEnd(within: 5) }
        #expect(server.exitStatus(within: 5) == 0)
        #expect(Date().timeIntervalSince(start) < 5)
        #expect(server.log.contains("stopped"))
        #expect(server.log.contains("database_closed=true"))
    }

    /// A request under way when SIGTERM arrives keeps its database access: its body is
    /// still arriving when the server has stopped accepting connections, and it is written
    /// and answered before the pool closes and the process exits 0.
    @Test func aRequestInFlightDuringShutdownIsServed() throws {
        let directory = TemporaryDirectory()
        let path = directory.path("issues.sqlite")
        let server = try ServerProcess(database: path, directory: directory)
        let port = server.port
        let body = #"{"title":"Written during shutdown"}"#
        let connection = try Connection(port: port)
        try connection.send(
            "POST /issues HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nX-Request-Id: in-flight-1\r\n"
                + "Content-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n\r\n"
                + String(body.prefix(10)))
        try eventually("the handler to start") { server.log.contains("request_id=in-flight-1") }
        server.signal(SIGTERM)
        try eventually("the server to stop accepting connections") { (try? Connection(port: port)) == nil }
        try connection.send(String(body.dropFirst(10)))
        let response = try readResponse(connection, before: Date().addingTimeInterval(20))
        #expect(response.status == 201)
        #expect(
            Stamped(response.body).masked
                == #"{"body":"","createdAt":"T","issueId":1,"priority":2,"state":"open","title":"Written during shutdown","updatedAt":"T"}"#
        )
        #expect(server.exitStatus(within: 5) == 0)
        #expect(server.log.contains("database_closed=true"))
        let context = try SQLContext(path: path, flags: [.readOnly])
        defer { context.close() }
        #expect(
            try context.query(sql: "SELECT title FROM issue").map { $0[0].textValue } == ["Written during shutdown"])
    }

    @Test func sigintWithoutClientsExitsCleanly() throws {
        let directory = TemporaryDirectory()
        let server = try ServerProcess(database: directory.path("issues.sqlite"), directory: directory)
        #expect(try request("GET", "/health", port: server.port).status == 200)
        server.signal(SIGINT)
        #expect(server.exitStatus(within: 5) == 0)
    }
}
