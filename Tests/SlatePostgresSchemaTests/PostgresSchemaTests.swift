import Testing

@testable import SlatePostgresSchema
