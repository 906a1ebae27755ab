// `import SlateRecords` brings the connection layer too: the records and tables of a
// generated database hand out its types (`SQLPool`, `SQLContext`, `SQLError`, `SQLValue`).
// SQLite's C module is not re-exported: a file that calls `sqlite3_*` imports
// `SlateCSQLite` itself, as generated files that call it do (Docs/PUBLIC-API.md).
@_exported import Slate
