import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The endpoints that show issue 31's API as a server uses it: generated records as
/// request bodies, `save` for PUT, delete by key, pages with their total, created and
/// updated timestamps, the request's logger on Slate's lines, and observation across two
/// server processes on one file.
@Suite(.serialized) struct Issue31EndpointsTests {
    /// POST decodes an `IssueRecord`: defaults for what the body leaves out, no key of the
    /// client's, the server's clock for the timestamps, `labels` beside the record.
    @Test func postDecodesTheGeneratedRecord() throws {
        let directory = TemporaryDirectory()
        let server = try ServerProcess(database: directory.path("issues.sqlite"), directory: directory)
        let port = server.port
        // `null` for the key is unassigned, as a missing key is; an unknown key is ignored;
        // a created date the client sends is not the issue's.
        var response = try request(
            "POST", "/issues", port: port,
            body: #"{"issueId":null,"title":"A","state":"closed","extra":1,"createdAt":"2001-01-01T00:00:00.000Z"}"#)
        #expect(response.status == 201)
        let stamped = Stamped(response.body)
        #expect(
            stamped.masked
                == #"{"body":"","createdAt":"T","issueId":1,"priority":2,"state":"closed","title":"A","updatedAt":"T"}"#
        )
        #expect(stamped.areRecent() && stamped.created == stamped.updated)
        // The key is the server's.
        response = try request("POST", "/issues", port: port, body: #"{"issueId":7,"title":"B"}"#)
        #expect(response.status == 422)
        #expect(response.body == #"{"error":"`issueId` is assigned by the server","status":422}"#)
        // The record's decoder names the key of a bad value.
        response = try request("POST", "/issues", port: port, body: #"{"title":"B","priority":1.5}"#)
        #expect(response.status == 422)
        #expect(response.body.hasPrefix(#"{"error":"`priority`: "#))
        response = try request("POST", "/issues", port: port, body: #"{"title":null}"#)
        #expect(response.body == #"{"error":"`title` is null, not String","status":422}"#)
        response = try request("POST", "/issues", port: port, body: #"{"title":"B","updatedAt":"yesterday"}"#)
        #expect(response.body == #"{"error":"`updatedAt`: not an ISO 8601 date: yesterday","status":422}"#)
        response = try request("POST", "/issues", port: port, body: #"{"title":"B","labels":"bug"}"#)
        #expect(response.body == #"{"error":"`labels` is not Array<Any>","status":422}"#)
        // A CHECK the record passes to SQLite: 409.
        response = try request("POST", "/issues", port: port, body: #"{"title":"B","state":"later"}"#)
        #expect(response.status == 409)
        // None of the refused ones was stored.
        response = try request("GET", "/issues", port: port)
        #expect(
            Stamped(response.body).masked
                == #"{"items":[{"body":"","createdAt":"T","issueId":1,"priority":2,"state":"closed","title":"A","updatedAt":"T"}],"number":1,"pageCount":1,"size":20,"total":1}"#
        )
        server.signal(SIGTERM)
        #expect(server.exitStatus(within: 10) == 0)
    }

    /// PUT is `db.save`: it creates the row with the path's key, then updates it, keeping
    /// its created date; a body's key must be the path's.
    @Test func putSavesUnderThePathsKey() throws {
        let directory = TemporaryDirectory()
        let server = try ServerProcess(database: directory.path("issues.sqlite"), directory: directory)
        let port = server.port
        var response = try request(
            "PUT", "/issues/40", port: port, body: #"{"title":"Chosen key","body":"b","priority":3}"#)
        #expect(response.status == 200)
        var stamped = Stamped(response.body)
        #expect(
            stamped.masked
                == #"{"body":"b","createdAt":"T","issueId":40,"priority":3,"state":"open","title":"Chosen key","updatedAt":"T"}"#
        )
        #expect(stamped.areRecent() && stamped.created == stamped.updated)
        let created = stamped.created
        // The whole issue again: what the body leaves out takes the schema's default
        // (`body` "", `priority` 2); the created date is kept, even when the body sends
        // another, and the updated one moves (a few ms later, at millisecond precision).
        usleep(5_000)
        response = try request(
            "PUT", "/issues/40", port: port,
            body: #"{"issueId":40,"title":"Renamed","state":"closed","createdAt":"2001-01-01T00:00:00.000Z"}"#)
        #expect(response.status == 200)
        stamped = Stamped(response.body)
        #expect(
            stamped.masked
                == #"{"body":"","createdAt":"T","issueId":40,"priority":2,"state":"closed","title":"Renamed","updatedAt":"T"}"#
        )
        #expect(stamped.created == created && stamped.updated[0] > created[0])
        #expect(Stamped(try request("GET", "/issues/40", port: port).body).masked == stamped.masked)
        // A date without its fraction reads too; one that is not a date is a 422.
        response = try request(
            "PUT", "/issues/40", port: port,
            body: #"{"issueId":40,"title":"Renamed","state":"closed","createdAt":"2001-01-01T00:00:00Z"}"#)
        #expect(response.status == 200)
        #expect(Stamped(response.body).created == created)
        response = try request(
            "PUT", "/issues/40", port: port,
            body: #"{"issueId":40,"title":"Renamed","createdAt":"yesterday"}"#)
        #expect(response.status == 422)
        // A POST after it gets the next rowid.
        response = try request("POST", "/issues", port: port, body: #"{"title":"Next"}"#)
        #expect(
            Stamped(response.body).masked
                == #"{"body":"","createdAt":"T","issueId":41,"priority":2,"state":"open","title":"Next","updatedAt":"T"}"#
        )
        // Refused: another key in the body, an empty title, a CHECK.
        response = try request("PUT", "/issues/40", port: port, body: #"{"issueId":41,"title":"x"}"#)
        #expect(response.body == #"{"error":"`issueId` 41 is not the path's 40","status":422}"#)
        response = try request("PUT", "/issues/40", port: port, body: #"{"title":""}"#)
        #expect(response.body == #"{"error":"`title` is empty","status":422}"#)
        response = try request("PUT", "/issues/40", port: port, body: #"{"title":"x","priority":0}"#)
        #expect(response.status == 409)
        #expect(Stamped(try request("GET", "/issues/40", port: port).body).masked == stamped.masked)
        // Deleted, then saved again: a new row with a new created date.
        #expect(try request("DELETE", "/issues/40", port: port).status == 204)
        response = try request("PUT", "/issues/40", port: port, body: #"{"title":"Back"}"#)
        stamped = Stamped(response.body)
        #expect(
            stamped.masked
                == #"{"body":"","createdAt":"T","issueId":40,"priority":2,"state":"open","title":"Back","updatedAt":"T"}"#
        )
        #expect(stamped.created[0] > created[0] && stamped.created == stamped.updated)
        server.signal(SIGTERM)
        #expect(server.exitStatus(within: 10) == 0)
    }

    /// DELETE is `db.issues.delete(id)`: 204 when a row went, 404 when none did, the
    /// issue's comments and labels with it.
    @Test func deleteByKey() throws {
        let directory = TemporaryDirectory()
        let server = try ServerProcess(database: directory.path("issues.sqlite"), directory: directory)
        let port = server.port
        _ = try request("PUT", "/labels/bug", port: port, body: #"{"color":"red"}"#)
        #expect(try request("POST", "/issues", port: port, body: #"{"title":"A","labels":["bug"]}"#).status == 201)
        #expect(try request("POST", "/issues", port: port, body: #"{"title":"B"}"#).status == 201)
        #expect(
            try request("POST", "/issues/1/comments", port: port, body: #"{"author":"a","body":"c"}"#).status == 201)
        #expect(try request("DELETE", "/issues/1", port: port).status == 204)
        let response = try request("DELETE", "/issues/1", port: port)
        #expect(response.status == 404)
        #expect(response.body == #"{"error":"issue 1 not found","status":404}"#)
        #expect(try request("DELETE", "/issues/-1", port: port).status == 404)
        #expect(try request("DELETE", "/issues/x", port: port).status == 400)
        #expect(
            try request("GET", "/issues/summary", port: port).body
                == #"[{"commentCount":0,"issueId":2,"labels":"","priority":2,"state":"open","title":"B"}]"#)
        #expect(try request("GET", "/comments", port: port).body == "[]")
        server.signal(SIGTERM)
        #expect(server.exitStatus(within: 10) == 0)
    }

    /// GET /issues is a page with its total: `?page=&per=`, filters counted, a page past
    /// the last empty, numbers out of range a 400 naming them.
    @Test func listPagesWithTheirTotal() throws {
        let directory = TemporaryDirectory()
        let server = try ServerProcess(database: directory.path("issues.sqlite"), directory: directory)
        let port = server.port
        for title in ["a", "b", "c", "d", "e"] {
            #expect(try request("POST", "/issues", port: port, body: "{\"title\":\"\(title)\"}").status == 201)
        }
        #expect(try request("POST", "/issues/2/close", port: port, body: #"{"author":"x","reason":"y"}"#).status == 200)
        func titles(_ query: String) throws -> String {
            let body = Stamped(try request("GET", "/issues\(query)", port: port).body).masked
            // Each item is the same but for its title and id: keep the page's own fields.
            return body.replacing(
                /\{"body":"","createdAt":"T","issueId":(\d+),"priority":2,"state":"(\w+)","title":"(\w)","updatedAt":"T"\}/
            ) {
                "\($0.output.1)\($0.output.3)\($0.output.2 == "closed" ? "!" : "")"
            }
        }
        #expect(try titles("?per=2") == #"{"items":[1a,2b!],"number":1,"pageCount":3,"size":2,"total":5}"#)
        #expect(try titles("?page=2&per=2") == #"{"items":[3c,4d],"number":2,"pageCount":3,"size":2,"total":5}"#)
        #expect(try titles("?page=3&per=2") == #"{"items":[5e],"number":3,"pageCount":3,"size":2,"total":5}"#)
        #expect(try titles("?page=9&per=2") == #"{"items":[],"number":9,"pageCount":3,"size":2,"total":5}"#)
        #expect(
            try titles("?state=open&per=3&page=2") == #"{"items":[5e],"number":2,"pageCount":2,"size":3,"total":4}"#)
        #expect(try titles("?state=closed") == #"{"items":[2b!],"number":1,"pageCount":1,"size":20,"total":1}"#)
        #expect(
            try titles("?per=10000") == #"{"items":[1a,2b!,3c,4d,5e],"number":1,"pageCount":1,"size":10000,"total":5}"#)
        var response = try request("GET", "/issues?page=0", port: port)
        #expect(response.status == 400)
        #expect(response.body == #"{"error":"page number 0 is out of range: pages are numbered from 1","status":400}"#)
        response = try request("GET", "/issues?per=0", port: port)
        #expect(
            response.body == #"{"error":"page size 0 is out of range: a page holds 1 to 10000 records","status":400}"#)
        response = try request("GET", "/issues?per=10001", port: port)
        #expect(
            response.body
                == #"{"error":"page size 10001 is out of range: a page holds 1 to 10000 records","status":400}"#)
        response = try request("GET", "/issues?page=9223372036854775807&per=2", port: port)
        #expect(response.status == 400)
        #expect(response.body.hasPrefix(#"{"error":"page number 9223372036854775807 is out of range"#))
        response = try request("GET", "/issues?page=two", port: port)
        #expect(response.body == #"{"error":"`page` is not a number: two","status":422}"#)
        response = try request("GET", "/issues?per=-1", port: port)
        #expect(response.status == 400)
        server.signal(SIGTERM)
        #expect(server.exitStatus(within: 10) == 0)
    }

    /// The request's logger reaches Slate: its constraint violation is logged at `debug`
    /// with the request id, and nothing of a 409 is logged at `error`.
    @Test func aConflictIsLoggedAtDebugWithTheRequestID() throws {
        let directory = TemporaryDirectory()
        let server = try ServerProcess(database: directory.path("issues.sqlite"), directory: directory)
        let port = server.port
        #expect(try request("POST", "/issues", port: port, body: #"{"title":"A"}"#).status == 201)
        let response = try request(
            "PATCH", "/issues/1", port: port, body: #"{"priority":9}"#, headers: ["X-Request-Id": "conflict-31"])
        #expect(response.status == 409)
        #expect(response.body == #"{"error":"CHECK constraint failed: priority BETWEEN 1 AND 3","status":409}"#)
        server.signal(SIGTERM)
        #expect(server.exitStatus(within: 10) == 0)
        let log = server.log
        // Slate's line (its SQLite code, 275 = SQLITE_CONSTRAINT_CHECK) and the server's.
        #expect(
            logLines(log, level: "debug", containing: "request_id=conflict-31").filter {
                $0.contains("sqlite.code=275")
            }.count == 1)
        #expect(
            logLines(log, level: "debug", containing: "request_id=conflict-31").filter { $0.contains("request failed") }
                .count == 1)
        // (A slow statement on a busy machine may be a warning; not one of this request.)
        #expect(logLines(log, level: "warning", containing: "conflict-31").isEmpty)
        for level in ["error", "critical"] {
            #expect(logLines(log, level: level, containing: "").isEmpty, "\(level) lines: \(log)")
        }
    }

    /// Two server processes on one file: a commit made through one reaches an event stream
    /// open on the other (the pool polls `PRAGMA data_version`, every 250 ms by default).
    @Test func anEventStreamSeesCommitsOfAnotherServerProcess() throws {
        let directory = TemporaryDirectory()
        let path = directory.path("shared.sqlite")
        let watched = try ServerProcess(database: path, directory: directory)
        let writer = try ServerProcess(database: path, directory: directory)
        let events = try EventStream(port: watched.port)
        #expect(try events.nextEvent() == "event: issues\ndata: {\"newest\":0,\"open\":0}")
        #expect(
            try request("POST", "/issues", port: writer.port, body: #"{"title":"From the other server"}"#).status == 201
        )
        #expect(try events.nextEvent(within: 20) == "event: issues\ndata: {\"newest\":1,\"open\":1}")
        // Several commits elsewhere: the stream catches up to the last state (equal
        // results in between may be coalesced), whichever server made them.
        for index in 2...6 {
            let port = index % 2 == 0 ? writer.port : watched.port
            #expect(try request("POST", "/issues", port: port, body: "{\"title\":\"\(index)\"}").status == 201)
        }
        #expect(
            try request("POST", "/issues/3/close", port: writer.port, body: #"{"author":"a","reason":"b"}"#).status
                == 200)
        var last = ""
        let deadline = Date().addingTimeInterval(20)
        while last != "event: issues\ndata: {\"newest\":6,\"open\":5}" {
            guard let event = try events.nextEvent(within: max(0.01, deadline.timeIntervalSinceNow)) else { break }
            last = event
        }
        #expect(last == "event: issues\ndata: {\"newest\":6,\"open\":5}")
        // Both see the same rows.
        #expect(try request("GET", "/issues?state=open&per=1", port: watched.port).body.hasSuffix(#""total":5}"#))
        #expect(try request("GET", "/issues?state=open&per=1", port: writer.port).body.hasSuffix(#""total":5}"#))
        writer.signal(SIGTERM)
        #expect(writer.exitStatus(within: 10) == 0)
        watched.signal(SIGTERM)
        try events.waitForEnd(within: 5)
        #expect(watched.exitStatus(within: 10) == 0)
    }
}
