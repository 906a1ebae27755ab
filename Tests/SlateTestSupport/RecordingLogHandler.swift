import Foundation
import Logging

/// A swift-log handler that keeps what it is given, for tests to read back.
public struct RecordingLogHandler: LogHandler {
    /// One logged message.
    public struct Entry: Sendable {
        public var level: Logger.Level
        public var message: String
        public var metadata: Logger.Metadata
    }

    /// The entries, shared by every copy of the handler.
    public final class Store: @unchecked Sendable {
        private let lock = NSLock()
        private var storage: [Entry] = []

        public init() {}

        public var entries: [Entry] { lock.withLock { storage } }

        func append(_ entry: Entry) { lock.withLock { storage.append(entry) } }
    }

    public let store: Store
    public var metadata: Logger.Metadata = [:]
    public var logLevel: Logger.Level

    public init(store: Store, level: Logger.Level) {
        self.store = store
        self.logLevel = level
    }

    /// A logger at `level` writing to a new store.
    public static func logger(level: Logger.Level) -> (Logger, Store) {
        let store = Store()
        return (Logger(label: "slate.test") { _ in RecordingLogHandler(store: store, level: level) }, store)
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        store.append(
            Entry(
                level: event.level, message: "\(event.message)",
                metadata: metadata.merging(event.metadata ?? [:]) { $1 }))
    }
}
