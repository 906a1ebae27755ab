import Foundation
import Hummingbird
import Logging
import Slate
import SlateRecords

/// `GET /events`: server-sent events of `openIssueCount` (`issues-queries.sql`), observed
/// with `db.observe`: the current value at once, then a new event after each commit that
/// changes it — this process's commits, and those of other processes on the same file
/// (another server), which the pool notices within its `externalChangePolling` (250 ms).
///
/// The stream ends in three ways, each of which ends the observation:
/// - the client goes away: Hummingbird does not cancel a handler whose client hung up, so
///   a `: ping` comment is written every `heartbeat`, and the first write that fails ends
///   the handler (and cancels the task iterating the observation);
/// - graceful shutdown: `SQLPoolService.observationShutdown` ends every observation, the
///   loop below leaves, and the response finishes, so the HTTP server can stop;
/// - the query fails: the stream ends after an `event: error`.
func eventStream(_ state: ServerState, logger: Logger) -> Response {
    let heartbeat = state.heartbeat
    let db = state.db
    return Response(
        status: .ok,
        headers: [.contentType: "text/event-stream", .cacheControl: "no-cache"],
        body: ResponseBody { writer in
            state.eventStreams.add(1)
            defer { state.eventStreams.add(-1) }
            logger.debug("event stream opened")
            // Bounded: a client that reads slowly gets the newest counts (and the end), not
            // a backlog; the observation coalesces the same way.
            let (events, continuation) = AsyncStream.makeStream(
                of: StreamEvent.self, bufferingPolicy: .bufferingNewest(16))
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask {
                    // The typed API in the closure, as in `db.readTransaction`; each run
                    // logs to the request's logger.
                    let observation = db.observe(logger: logger) { tx in try tx.openIssueCount() }
                    do {
                        for try await row in observation {
                            continuation.yield(.counts(open: row?.openCount ?? 0, newest: row?.newestId ?? 0))
                        }
                        continuation.yield(.ended)
                    } catch {
                        continuation.yield(.failed("\(error)"))
                    }
                    continuation.finish()
                }
                group.addTask {
                    while true {
                        try await Task.sleep(for: heartbeat)
                        continuation.yield(.ping)
                    }
                }
                defer { group.cancelAll() }
                loop: for await event in events {
                    switch event {
                    case .counts(let open, let newest):
                        try await writer.write(
                            ByteBuffer(string: "event: issues\ndata: {\"newest\":\(newest),\"open\":\(open)}\n\n"))
                    case .ping:
                        try await writer.write(ByteBuffer(string: ": ping\n\n"))
                    case .failed(let message):
                        logger.error("event stream failed", metadata: ["error": "\(message)"])
                        try await writer.write(ByteBuffer(string: "event: error\ndata: observation failed\n\n"))
                        break loop
                    case .ended:
                        break loop
                    }
                }
            }
            try await writer.finish(nil)
            logger.debug("event stream ended")
        })
}

private enum StreamEvent: Sendable {
    case counts(open: Int, newest: Int)
    case ping
    case failed(String)
    case ended
}

/// A count shared by request handlers.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0

    func add(_ delta: Int) { lock.withLock { value += delta } }
    var current: Int { lock.withLock { value } }
}
