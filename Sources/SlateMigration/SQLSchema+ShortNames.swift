import SlateSchema

// The schema model's parts by their short names, inside this module only: the public
// names are nested in `SQLSchema` (see its documentation), and an internal alias does
// not reach the modules that import this one.
typealias Schema = SQLSchema
typealias Table = SQLSchema.Table
typealias Column = SQLSchema.Column
typealias ForeignKey = SQLSchema.ForeignKey
typealias Index = SQLSchema.Index
typealias Trigger = SQLSchema.Trigger
typealias View = SQLSchema.View
