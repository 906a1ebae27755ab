import Foundation
import Hummingbird
import Logging
import Slate

/// What a handler throws when the request is wrong: mapped to its status with a JSON body
/// `{"error": "...", "status": N}`.
struct APIError: Error {
    var status: HTTPResponse.Status
    var message: String

    static func notFound(_ what: String) -> APIError { APIError(status: .notFound, message: "\(what) not found") }
    static func unprocessable(_ message: String) -> APIError {
        APIError(status: .unprocessableContent, message: message)
    }
}

/// Maps every error a handler throws to a status and a JSON body, and logs it at the level
/// it deserves: what the client got wrong (4xx) at `debug`, the rest at `error`.
///
/// - `SQLError` of primary code `constraint` (a UNIQUE, CHECK or foreign key the request
///   broke) → 409 Conflict; of code `range` (a page number or size out of range) → 400
///   Bad Request; of primary code `busy` (the wait for a connection passed the pool's
///   `maximumWait`) → 503 Service Unavailable. Slate logs a constraint violation at
///   `debug` (`SQLContext.LogLevels`): a 409 is an answer, not an operational error.
/// - ``APIError`` → its status (404 for a missing row, 422 for a body that decodes but is
///   not acceptable).
/// - Hummingbird's `HTTPError` and other `HTTPResponseError`s (a bad path parameter, a
///   route that does not exist, a body too large) → their status.
/// - Anything else → 500, with no detail sent.
struct ErrorMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        do {
            return try await next(request, context)
        } catch {
            let (status, message) = Self.map(error)
            let level: Logger.Level = status.code < 500 ? .debug : .error
            context.logger.log(
                level: level, "request failed",
                metadata: ["status": "\(status.code)", "error": "\(error)", "path": "\(request.uri.path)"])
            return jsonResponse(ErrorBody(error: message, status: Int(status.code)), status: status)
        }
    }

    static func map(_ error: any Error) -> (HTTPResponse.Status, String) {
        switch error {
        case let error as APIError:
            return (error.status, error.message)
        case let error as SQLError where error.primaryCode == .constraint:
            return (.conflict, error.message)
        case let error as SQLError where error.code == .range:
            return (.badRequest, error.message)
        case let error as SQLError where error.primaryCode == .busy:
            // The pool's wait for a connection passed `maximumWait`: overloaded, try later.
            return (.serviceUnavailable, "the database is busy")
        case let error as HTTPError:
            return (error.status, error.body ?? error.status.reasonPhrase)
        case let error as any HTTPResponseError:
            // Hummingbird's own: a body past the collected limit (413), and the like.
            return (error.status, error.status.reasonPhrase)
        default:
            return (.internalServerError, "internal error")
        }
    }
}

struct ErrorBody: Encodable {
    var error: String
    var status: Int
}

/// Dates in bodies: ISO 8601 in UTC to the millisecond (`2025-01-31T08:32:54.123Z`), the
/// precision the `DATETIME` columns store; a date without its fraction is read too.
enum JSONDates {
    static let withFraction = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
    static let withoutFraction = Date.ISO8601FormatStyle()

    static func encode(_ date: Date, to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(date.formatted(withFraction))
    }

    static func decode(from decoder: any Decoder) throws -> Date {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        if let date = (try? withFraction.parse(text)) ?? (try? withoutFraction.parse(text)) {
            return date
        }
        throw DecodingError.dataCorruptedError(
            in: container, debugDescription: "not an ISO 8601 date: \(text)")
    }
}

/// A JSON response with sorted keys, so that clients and tests see one exact text.
func jsonResponse(_ value: some Encodable, status: HTTPResponse.Status = .ok) -> Response {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    encoder.dateEncodingStrategy = .custom(JSONDates.encode)
    let data = (try? encoder.encode(value)) ?? Data(#"{"error":"unencodable response","status":500}"#.utf8)
    return Response(
        status: status,
        headers: [.contentType: "application/json; charset=utf-8"],
        body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
}

/// The request's body, up to 1 MiB (413 past it).
func collectBody(_ request: Request) async throws -> Data {
    let buffer = try await request.body.collect(upTo: 1 << 20)
    return Data(buffer.readableBytesView)
}

/// Decodes the request's JSON body: 400 when it is not JSON, 422 when it is JSON of the
/// wrong shape (a missing key, a value of the wrong type), naming the key.
func decodeBody<Body: Decodable>(_ type: Body.Type, from request: Request) async throws -> Body {
    try decodeJSON(type, from: try await collectBody(request))
}

/// `decodeBody` for a body already collected: one body can be decoded as two types (an
/// `IssueRecord` and the `labels` beside it).
func decodeJSON<Body: Decodable>(_ type: Body.Type, from data: Data) throws -> Body {
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .custom(JSONDates.decode)
    do {
        return try decoder.decode(Body.self, from: data)
    } catch DecodingError.dataCorrupted(let context) where context.codingPath.isEmpty {
        throw APIError(status: .badRequest, message: "the body is not JSON")
    } catch DecodingError.keyNotFound(let key, let context) {
        throw APIError.unprocessable("`\(path(context.codingPath + [key]))` is missing")
    } catch DecodingError.typeMismatch(let type, let context) {
        throw APIError.unprocessable("`\(path(context.codingPath))` is not \(type)")
    } catch DecodingError.valueNotFound(let type, let context) {
        throw APIError.unprocessable("`\(path(context.codingPath))` is null, not \(type)")
    } catch DecodingError.dataCorrupted(let context) {
        throw APIError.unprocessable("`\(path(context.codingPath))`: \(context.debugDescription)")
    }
}

private func path(_ keys: [any CodingKey]) -> String {
    keys.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
}
