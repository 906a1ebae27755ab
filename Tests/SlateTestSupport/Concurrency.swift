import Foundation
import Testing

/// A thread-safe counter and value box for tests.
public final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    public init(_ value: Value) { self.value = value }

    public func withValue<T>(_ body: (inout Value) throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }

    public var current: Value { withValue { $0 } }
}

public struct TimedOut: Error, CustomStringConvertible {
    public var what: String
    public init(what: String) { self.what = what }
    public var description: String { "timed out waiting for \(what)" }
}

/// The first element of `sequence` for which `predicate` holds, or an error after `timeout`.
public func first<S: AsyncSequence & Sendable>(
    of sequence: S, within timeout: Duration = .seconds(20), where predicate: @escaping @Sendable (S.Element) -> Bool
) async throws -> S.Element where S.Element: Sendable {
    try await withThrowingTaskGroup(of: S.Element?.self) { group in
        group.addTask {
            for try await element in sequence where predicate(element) { return element }
            return nil
        }
        group.addTask {
            try await Task.sleep(for: timeout)
            throw TimedOut(what: "a matching element")
        }
        defer { group.cancelAll() }
        guard let result = try await group.next(), let element = result else {
            throw TimedOut(what: "a matching element (the sequence ended)")
        }
        return element
    }
}
