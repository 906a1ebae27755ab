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

/// `POST /issues`: what a client sends to open an issue; the key and defaults are the
/// database's.
struct NewIssue: Decodable {
    var title: String
    var body: String?
    var priority: Int?
    /// Names of existing labels to attach; a missing one fails the whole request (422).
    var labels: [String]?
}

/// `PATCH /issues/{id}`: the fields to change.
struct IssueChanges: Decodable {
    var title: String?
    var body: String?
    var state: String?
    var priority: Int?
}

/// `POST /issues/{id}/comments`.
struct NewComment: Decodable {
    var author: String
    var body: String
}

/// `PUT /labels/{name}`.
struct LabelColor: Decodable {
    var color: String
}

/// `POST /issues/{id}/close`: closes the issue and records why, in one transaction.
struct Closing: Decodable {
    var author: String
    var reason: String
}

// MARK: Routes

func makeRouter(_ state: ServerState) -> Router<BasicRequestContext> {
    let router = Router()
    router.add(middleware: RequestIDMiddleware())
    router.add(middleware: ErrorMiddleware())
    let db = state.db

    router.get("/health") { _, _ in
        jsonResponse(Health(
            status: "ok", schemaVersion: Issues.schemaVersion,
            observations: db.pool.observationCount, eventStreams: state.eventStreams.current))
    }

    // A typed filter from the query string: ?state=open&priority=1&q=crash
    router.get("/issues") { request, _ in
        let query = request.uri.queryParameters
        let stateFilter = query["state"].map(String.init)
        let text = query["q"].map(String.init)
        var priority: Int?
        if let value = query["priority"] {
            guard let number = Int(value) else { throw APIError.unprocessable("`priority` is not a number: \(value)") }
            priority = number
        }
        let issues = try await db.issues.fetch(
            where: { issue in
                var predicate: SQLPredicate<IssueRecord> = "1"
                if let stateFilter { predicate = predicate && issue.state == stateFilter }
                if let priority { predicate = predicate && issue.priority == priority }
                if let text { predicate = predicate && issue.title.contains(text) }
                return predicate
            },
            orderBy: { $0.issueId.ascending })
        return jsonResponse(issues)
    }

    router.get("/issues/{id}") { _, context in
        let id = try context.parameters.require("id", as: Int.self)
        guard let issue = try await db.issues.find(id) else { throw APIError.notFound("issue \(id)") }
        return jsonResponse(issue)
    }

    // A transaction: the issue and its labels are stored together or not at all.
    router.post("/issues") { request, context in
        let new = try await decodeBody(NewIssue.self, from: request)
        guard !new.title.isEmpty else { throw APIError.unprocessable("`title` is empty") }
        let issue = try await db.transaction { tx in
            let issue = try tx.insert(IssueRecord(title: new.title, body: new.body ?? "", priority: new.priority ?? 2))
            for name in new.labels ?? [] {
                guard let label = try tx.labels.fetchOne(where: { $0.name == name }) else {
                    throw APIError.unprocessable("no label named \(name)")
                }
                try tx.insert(IssueLabel(issueId: issue.issueId, labelId: label.labelId))
            }
            return issue
        }
        context.logger.info("issue opened", metadata: ["issue": "\(issue.issueId)"])
        return jsonResponse(issue, status: .created)
    }

    router.patch("/issues/{id}") { request, context in
        let id = try context.parameters.require("id", as: Int.self)
        let changes = try await decodeBody(IssueChanges.self, from: request)
        if changes.title?.isEmpty == true { throw APIError.unprocessable("`title` is empty") }
        let issue = try await db.transaction { tx in
            guard var issue = try tx.issues.find(id) else { throw APIError.notFound("issue \(id)") }
            if let title = changes.title { issue.title = title }
            if let body = changes.body { issue.body = body }
            if let state = changes.state { issue.state = state }
            if let priority = changes.priority { issue.priority = priority }
            try tx.update(issue)
            return issue
        }
        return jsonResponse(issue)
    }

    router.delete("/issues/{id}") { _, context in
        let id = try context.parameters.require("id", as: Int.self)
        let deleted = try await db.transaction { tx in try tx.issues.delete(where: { $0.issueId == id }) }
        guard deleted > 0 else { throw APIError.notFound("issue \(id)") }
        return Response(status: .noContent)
    }

    router.get("/issues/{id}/comments") { _, context in
        let id = try context.parameters.require("id", as: Int.self)
        let comments = try await db.readTransaction { tx -> [CommentRecord]? in
            guard try tx.issues.find(id) != nil else { return nil }
            return try tx.comments.fetch(where: { $0.issueId == id }, orderBy: { $0.commentId.ascending })
        }
        guard let comments else { throw APIError.notFound("issue \(id)") }
        return jsonResponse(comments)
    }

    router.post("/issues/{id}/comments") { request, context in
        let id = try context.parameters.require("id", as: Int.self)
        let new = try await decodeBody(NewComment.self, from: request)
        let comment = try await db.transaction { tx in
            guard try tx.issues.find(id) != nil else { throw APIError.notFound("issue \(id)") }
            return try tx.insert(CommentRecord(issueId: id, author: new.author, body: new.body))
        }
        return jsonResponse(comment, status: .created)
    }

    // A transaction of two writes: the issue is closed and the reason recorded together.
    router.post("/issues/{id}/close") { request, context in
        let id = try context.parameters.require("id", as: Int.self)
        let closing = try await decodeBody(Closing.self, from: request)
        let issue = try await db.transaction { tx in
            guard var issue = try tx.issues.find(id) else { throw APIError.notFound("issue \(id)") }
            guard issue.state == "open" else { throw APIError(status: .conflict, message: "issue \(id) is closed already") }
            issue.state = "closed"
            try tx.update(issue)
            try tx.insert(CommentRecord(issueId: id, author: closing.author, body: "Closed: \(closing.reason)"))
            return issue
        }
        return jsonResponse(issue)
    }

    // A join, from issues-queries.sql: each issue with its comment count and labels.
    router.get("/issues/summary") { _, _ in
        jsonResponse(try await db.issueSummaries())
    }

    // A join along a foreign key: each comment with its issue's title.
    router.get("/comments") { request, _ in
        let author = request.uri.queryParameters["author"].map(String.init)
        let pairs = try await db.comments.join(\.issueRecord, where: { comment, _ in
            author.map { comment.author == $0 } ?? "1"
        })
        return jsonResponse(pairs.map { CommentWithIssue(comment: $0.0, issueTitle: $0.1.title) })
    }

    router.get("/labels") { _, _ in
        jsonResponse(try await db.labels.fetch(orderBy: { $0.name.ascending }))
    }

    // An upsert, from issues-queries.sql: creates the label or changes its colour.
    router.put("/labels/{name}") { request, context in
        let name = try context.parameters.require("name")
        let body = try await decodeBody(LabelColor.self, from: request)
        guard let label = try await db.upsertLabel(name: name, color: body.color) else {
            throw APIError(status: .internalServerError, message: "the upsert returned no row")
        }
        return jsonResponse(label)
    }

    router.get("/events") { _, context in
        eventStream(state, logger: context.logger)
    }
    return router
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
