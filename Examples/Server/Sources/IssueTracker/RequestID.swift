import HTTPTypes
import Hummingbird
import Logging

/// Gives every request an id: the client's `X-Request-Id` when it sends a short one of
/// letters, digits, `-` and `_`, else Hummingbird's. The id is in the metadata of every line
/// logged for the request (`request_id`) and in the response's `X-Request-Id`.
struct RequestIDMiddleware<Context: RequestContext>: RouterMiddleware {
    static var header: HTTPField.Name { HTTPField.Name("X-Request-Id")! }

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        let id = request.headers[Self.header].flatMap { Self.isAcceptable($0) ? $0 : nil } ?? context.id
        var context = context
        context.logger[metadataKey: "request_id"] = .string(id)
        context.logger.debug("request", metadata: ["method": "\(request.method)", "path": "\(request.uri.path)"])
        var response = try await next(request, context)
        response.headers[Self.header] = id
        return response
    }

    private static func isAcceptable(_ id: String) -> Bool {
        !id.isEmpty && id.utf8.count <= 64
            && id.utf8.allSatisfy { byte in
                (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                    || byte == 0x2D || byte == 0x5F
            }
    }
}
