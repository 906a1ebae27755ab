import Foundation
import Hummingbird
import Logging
import Slate
import SlateRecords

/// What every handler shares: the database and the server's counters.
final class ServerState: Sendable {
    let db: Issues
    let heartbeat: Duration
    /// Event streams open now (also a check that each one ends).
    let eventStreams = Counter()

    init(db: Issues, heartbeat: Duration) {
        self.db = db
        self.heartbeat = heartbeat
    }
}

// MARK: Request bodies
//
// `POST /issues` and `PUT /issues/{id}` decode the generated `IssueRecord` itself: a
// missing `issueId` is unassigned (SQLite assigns it on insert), missing columns with a
// default in the schema take it, and the timestamps are left to the write. The bodies
// below are the shapes that are not a row of a table, each saying why.

/// The labels of `POST /issues`, read from the same body as the `IssueRecord`: `labels`
/// is not a column of `issue` (the record's decoder ignores it) but rows of `issue_label`.
struct LabelNames: Decodable {
    /// Names of existing labels to attach; a missing one fails the whole request (422).
    var labels: [String]?
}

/// `PATCH /issues/{id}`: the fields to change. Not an `IssueRecord`: a record decoded
/// from `{"title": "x"}` holds the schema's defaults in every other column, which would
/// overwrite the row's values; here a missing key means "leave it as it is".
struct IssueChanges: Decodable {
    var title: String?
    var body: String?
    var state: String?
    var priority: Int?
}

/// `POST /issues/{id}/comments`. Not a `CommentRecord`: its `issueId` (a `NOT NULL`
/// column without a default, so the record's decoder requires it) is the path's.
struct NewComment: Decodable {
    var author: String
    var body: String
}

/// `PUT /labels/{name}`: the colour alone, as the `upsertLabel` query takes it; the
/// name is the path's, and `label`'s key is its rowid, not its name.
struct LabelColor: Decodable {
    var color: String
}

/// `POST /issues/{id}/close`: an action, not a row: closes the issue and records why as
/// a comment, in one transaction.
struct Closing: Decodable {
    var author: String
    var reason: String
}

// MARK: Routes

/// Every handler passes its request's logger (`context.logger`, which carries the
/// request id) to the database call, so that Slate's lines for the request (a
/// constraint violation at `debug`, a slow statement) carry it too.
func makeRouter(_ state: ServerState) -> Router<BasicRequestContext> {
    let router = Router()
    router.add(middleware: RequestIDMiddleware())
    router.add(middleware: ErrorMiddleware())
    let db = state.db

    router.get("/health") { _, _ in
        jsonResponse(
            Health(
                status: "ok", schemaVersion: Issues.schemaVersion,
                observations: db.pool.observationCount, eventStreams: state.eventStreams.current))
    }

    // A page of a typed filter from the query string, with the total:
    // ?state=open&priority=1&q=crash&page=2&per=20. A page number or size out of range
    // is Slate's `SQLError` `.range`, answered 400 by the error middleware.
    router.get("/issues") { request, context in
        let query = request.uri.queryParameters
        let stateFilter = query["state"].map(String.init)
        let text = query["q"].map(String.init)
        let priority = try integer(query["priority"], "priority")
        let number = try integer(query["page"], "page") ?? 1
        let size = try integer(query["per"], "per") ?? 20
        let page = try await db.readTransaction(logger: context.logger) { tx in
            try tx.issues.page(
                number, size: size,
                where: { issue in
                    var predicate: SQLPredicate<IssueRecord> = "1"
                    if let stateFilter { predicate = predicate && issue.state == stateFilter }
                    if let priority { predicate = predicate && issue.priority == priority }
                    if let text { predicate = predicate && issue.title.contains(text) }
                    return predicate
                },
                orderBy: { $0.issueId.ascending })
        }
        return jsonResponse(page)
    }

    router.get("/issues/{id}") { _, context in
        let id = try context.parameters.require("id", as: Int.self)
        let issue = try await db.readTransaction(logger: context.logger) { tx in try tx.issues.find(id) }
        guard let issue else { throw APIError.notFound("issue \(id)") }
        return jsonResponse(issue)
    }

    // The body is an `IssueRecord`; a transaction stores the issue and its labels
    // together or not at all.
    router.post("/issues") { request, context in
        let body = try await collectBody(request)
        var issue = try decodeJSON(IssueRecord.self, from: body)
        let labels = try decodeJSON(LabelNames.self, from: body).labels ?? []
        // POST creates: the key is SQLite's (PUT /issues/{id} chooses one).
        guard issue.issueId == Int.min else { throw APIError.unprocessable("`issueId` is assigned by the server") }
        guard !issue.title.isEmpty else { throw APIError.unprocessable("`title` is empty") }
        // The server's clock, not the client's: an unset date is set by the insert.
        issue.createdAt = SQLTimestamps.unset
        let stored = try await db.transaction(logger: context.logger) { [issue] tx in
            let stored = try tx.insert(issue)
            for name in labels {
                guard let label = try tx.labels.fetchOne(where: { $0.name == name }) else {
                    throw APIError.unprocessable("no label named \(name)")
                }
                try tx.insert(IssueLabel(issueId: stored.issueId, labelId: label.labelId))
            }
            return stored
        }
        context.logger.info("issue opened", metadata: ["issue": "\(stored.issueId)"])
        return jsonResponse(stored, status: .created)
    }

    // An upsert: the body is the whole issue, stored under the path's key whether or not
    // a row has it yet (`db.save`, one statement). Columns the body leaves out take the
    // schema's defaults; `createdAt` is kept when the row exists, `updatedAt` set.
    router.put("/issues/{id}") { request, context in
        let id = try context.parameters.require("id", as: Int.self)
        var issue = try decodeJSON(IssueRecord.self, from: try await collectBody(request))
        guard issue.issueId == Int.min || issue.issueId == id else {
            throw APIError.unprocessable("`issueId` \(issue.issueId) is not the path's \(id)")
        }
        guard !issue.title.isEmpty else { throw APIError.unprocessable("`title` is empty") }
        issue.issueId = id
        issue.createdAt = SQLTimestamps.unset
        let stored = try await db.transaction(logger: context.logger) { [issue] tx in try tx.save(issue) }
        return jsonResponse(stored)
    }

    router.patch("/issues/{id}") { request, context in
        let id = try context.parameters.require("id", as: Int.self)
        let changes = try await decodeBody(IssueChanges.self, from: request)
        if changes.title?.isEmpty == true { throw APIError.unprocessable("`title` is empty") }
        let issue = try await db.transaction(logger: context.logger) { tx in
            guard var issue = try tx.issues.find(id) else { throw APIError.notFound("issue \(id)") }
            if let title = changes.title { issue.title = title }
            if let body = changes.body { issue.body = body }
            if let state = changes.state { issue.state = state }
            if let priority = changes.priority { issue.priority = priority }
            // The row exists in this transaction, so `save` updates it (setting
            // `updatedAt`, keeping `createdAt`) and returns it as stored.
            return try tx.save(issue)
        }
        return jsonResponse(issue)
    }

    // Delete by key: whether a row went, so a missing issue is a 404.
    router.delete("/issues/{id}") { _, context in
        let id = try context.parameters.require("id", as: Int.self)
        let deleted = try await db.transaction(logger: context.logger) { tx in try tx.issues.delete(id) }
        guard deleted else { throw APIError.notFound("issue \(id)") }
        return Response(status: .noContent)
    }

    router.get("/issues/{id}/comments") { _, context in
        let id = try context.parameters.require("id", as: Int.self)
        let comments = try await db.readTransaction(logger: context.logger) { tx -> [CommentRecord]? in
            guard try tx.issues.find(id) != nil else { return nil }
            return try tx.comments.fetch(where: { $0.issueId == id }, orderBy: { $0.commentId.ascending })
        }
        guard let comments else { throw APIError.notFound("issue \(id)") }
        return jsonResponse(comments)
    }

    router.post("/issues/{id}/comments") { request, context in
        let id = try context.parameters.require("id", as: Int.self)
        let new = try await decodeBody(NewComment.self, from: request)
        let comment = try await db.transaction(logger: context.logger) { tx in
            guard try tx.issues.find(id) != nil else { throw APIError.notFound("issue \(id)") }
            return try tx.insert(CommentRecord(issueId: id, author: new.author, body: new.body))
        }
        return jsonResponse(comment, status: .created)
    }

    // A transaction of two writes: the issue is closed and the reason recorded together.
    router.post("/issues/{id}/close") { request, context in
        let id = try context.parameters.require("id", as: Int.self)
        let closing = try await decodeBody(Closing.self, from: request)
        let issue = try await db.transaction(logger: context.logger) { tx in
            guard var issue = try tx.issues.find(id) else { throw APIError.notFound("issue \(id)") }
            guard issue.state == "open" else {
                throw APIError(status: .conflict, message: "issue \(id) is closed already")
            }
            issue.state = "closed"
            issue = try tx.save(issue)
            try tx.insert(CommentRecord(issueId: id, author: closing.author, body: "Closed: \(closing.reason)"))
            return issue
        }
        return jsonResponse(issue)
    }

    // A join, from issues-queries.sql: each issue with its comment count and labels.
    router.get("/issues/summary") { _, context in
        jsonResponse(try await db.readTransaction(logger: context.logger) { tx in try tx.issueSummaries() })
    }

    // A join along a foreign key: each comment with its issue's title.
    router.get("/comments") { request, context in
        let author = request.uri.queryParameters["author"].map(String.init)
        let pairs = try await db.readTransaction(logger: context.logger) { tx in
            try tx.comments.join(\.issueRecord, where: { comment, _ in author.map { comment.author == $0 } ?? "1" })
        }
        return jsonResponse(pairs.map { CommentWithIssue(comment: $0.0, issueTitle: $0.1.title) })
    }

    router.get("/labels") { _, context in
        jsonResponse(
            try await db.readTransaction(logger: context.logger) { tx in
                try tx.labels.fetch(orderBy: { $0.name.ascending })
            })
    }

    // An upsert, from issues-queries.sql: creates the label or changes its colour.
    router.put("/labels/{name}") { request, context in
        let name = try context.parameters.require("name")
        let body = try await decodeBody(LabelColor.self, from: request)
        let label = try await db.transaction(logger: context.logger) { tx in
            try tx.upsertLabel(name: name, color: body.color)
        }
        guard let label else { throw APIError(status: .internalServerError, message: "the upsert returned no row") }
        return jsonResponse(label)
    }

    router.get("/events") { _, context in
        eventStream(state, logger: context.logger)
    }
    return router
}

/// A query-string integer, or nil when absent; 422 when it is not a number.
private func integer(_ value: Substring?, _ name: String) throws -> Int? {
    guard let value else { return nil }
    guard let number = Int(value) else { throw APIError.unprocessable("`\(name)` is not a number: \(value)") }
    return number
}

struct Health: Encodable {
    var status: String
    var schemaVersion: Int64
    var observations: Int
    var eventStreams: Int
}

struct CommentWithIssue: Encodable {
    var comment: CommentRecord
    var issueTitle: String
}
