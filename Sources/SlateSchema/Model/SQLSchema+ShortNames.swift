// The schema model's parts by their short names, inside each module that compiles this
// file: the public names are nested in `SQLSchema` (see its documentation), and an
// internal alias does not reach the modules that import this one (nor an app's code,
// which keeps `Table`, `Column` or `View` for its own types and its SDK's).
//
// The one source of the aliases: SlateSchema compiles it here, and SlateMigration,
// SlateAnalysis, SlateGenerator, slate and the test targets that use the short names
// through a symbolic link to this file (`SLATE_SCHEMA_MODULE`, set by SlateSchema's
// target in Package.swift, keeps SlateSchema from importing itself).
#if !SLATE_SCHEMA_MODULE
import SlateSchema
#endif

typealias Schema = SQLSchema
typealias Table = SQLSchema.Table
typealias Column = SQLSchema.Column
typealias ForeignKey = SQLSchema.ForeignKey
typealias Index = SQLSchema.Index
typealias Trigger = SQLSchema.Trigger
typealias View = SQLSchema.View
