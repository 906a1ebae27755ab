/// A marker: this module is built for an app only when Slate's `Postgres` trait is on
/// (SlatePostgres depends on it with the trait alone), so that generated code can guard
/// its PostgreSQL part with `#if canImport(SlatePostgresEnabled) && canImport(PostgresNIO)`
/// and compile without the trait, even in a target that has postgres-nio for itself.
public enum SlatePostgresEnabled {}
