import Slate
import SlateSchema

/// One thing the generator has to say about its inputs: an error that stops it, a warning
/// about something it left out, or a note adding to either.
///
/// Every stage of ``SlateGenerator/generate(inputs:configuration:)`` reports through this
/// one type, and it is rendered in one place, ``description``, in the form Xcode, SwiftPM
/// and CI logs link to:
///
/// ```
/// schema.sql:3:14: error: no such table: persons
/// slate.json: warning: "types" names "person.nme", which is no column of a table or view; the setting does nothing
/// ```
public struct Diagnostic: Error, Equatable, Sendable, CustomStringConvertible {
    /// How serious a diagnostic is.
    public enum Severity: String, Equatable, Sendable {
        /// The generator cannot go on: nothing is written.
        case error
        /// Something was left out or does nothing; the file is still generated.
        case warning
        /// More about the diagnostic it belongs to.
        case note
    }

    /// How serious it is.
    public var severity: Severity
    /// The file it is about, as given; `nil` when it is about no file (no inputs at all).
    public var file: String?
    /// The one-based line in ``file``, when known.
    public var line: Int?
    /// The one-based column on ``line``, when known.
    public var column: Int?
    /// What is wrong, and what to do about it.
    public var message: String
    /// Notes that go with it, rendered on the lines after it.
    public var notes: [Diagnostic]

    /// Creates a diagnostic; a column without a line is dropped.
    public init(
        _ severity: Severity, file: String?, line: Int? = nil, column: Int? = nil, message: String,
        notes: [Diagnostic] = []
    ) {
        self.severity = severity
        self.file = file.flatMap { $0.isEmpty ? nil : $0 }
        self.line = line
        self.column = line == nil ? nil : column
        self.message = message
        self.notes = notes
    }

    /// An error at `file` (and `line` and `column`, when known).
    public static func error(_ message: String, file: String?, line: Int? = nil, column: Int? = nil) -> Diagnostic {
        Diagnostic(.error, file: file, line: line, column: column, message: message)
    }

    /// A warning at `file` (and `line` and `column`, when known).
    public static func warning(_ message: String, file: String?, line: Int? = nil, column: Int? = nil) -> Diagnostic {
        Diagnostic(.warning, file: file, line: line, column: column, message: message)
    }

    /// A note at `file` (and `line` and `column`, when known).
    public static func note(_ message: String, file: String?, line: Int? = nil, column: Int? = nil) -> Diagnostic {
        Diagnostic(.note, file: file, line: line, column: column, message: message)
    }

    /// The error `error` as a diagnostic. Errors that name their place (a script's line and
    /// column, a `slate.json` key, an input file) keep it; any other (SQLite's, the
    /// generator's own) is put at `file`, the input that was being worked on.
    public init(_ error: any Error, at file: String?) {
        switch error {
        case let diagnostic as Diagnostic:
            self = diagnostic
        case let failure as GenerationFailure:
            self =
                failure.diagnostics.first { $0.severity == .error }
                ?? Diagnostic(.error, file: file, message: "\(failure)")
        case let error as ScriptError:
            self.init(.error, file: error.path, line: error.line, column: error.column, message: error.message)
        case let error as InputError:
            self.init(.error, file: error.path, message: error.message)
        case let error as ConfigurationError:
            self.init(.error, file: error.path, message: error.message)
        case let error as SQLError:
            self.init(.error, file: file, message: error.message + (error.sql.map { " — in: \($0)" } ?? ""))
        default:
            self.init(.error, file: file, message: "\(error)")
        }
    }

    /// The diagnostic as one line per diagnostic, itself then its notes:
    /// `file:line:column: severity: message`, with as much of the place as is known.
    public var description: String {
        ([headline] + notes.map(\.description)).joined(separator: "\n")
    }

    private var headline: String {
        guard let file else { return "\(severity.rawValue): \(message)" }
        var place = file
        if let line {
            place += ":\(line)"
            if let column { place += ":\(column)" }
        }
        return "\(place): \(severity.rawValue): \(message)"
    }
}

/// Generation stopped: the diagnostics up to and including the error(s) that stopped it.
public struct GenerationFailure: Error, Equatable, Sendable, CustomStringConvertible {
    /// What the stages reported, in order; at least one is an error.
    public var diagnostics: [Diagnostic]

    /// Creates a failure.
    public init(diagnostics: [Diagnostic]) { self.diagnostics = diagnostics }

    /// The errors alone, one a line (the warnings are in ``diagnostics``).
    public var description: String {
        diagnostics.filter { $0.severity == .error }.map(\.description).joined(separator: "\n")
    }
}

/// What the stages report as they go: warnings are kept; an error ends generation.
struct Diagnostics {
    private(set) var all: [Diagnostic] = []

    mutating func emit(_ diagnostic: Diagnostic) { all.append(diagnostic) }

    /// Runs one stage; an error it throws becomes a diagnostic at `file` (when it names
    /// no place of its own), and generation stops with everything reported so far.
    mutating func stage<T>(at file: String?, _ body: (inout Diagnostics) throws -> T) throws(GenerationFailure) -> T {
        do {
            return try body(&self)
        } catch let failure as GenerationFailure {
            throw failure
        } catch {
            all.append(Diagnostic(error, at: file))
            throw GenerationFailure(diagnostics: all)
        }
    }
}
