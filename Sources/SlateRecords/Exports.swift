// Generated code imports SlateRecords alone: it brings the connection layer and the
// SQLite C API that generated decoders call.
@_exported import Slate
@_exported import SlateCSQLite
