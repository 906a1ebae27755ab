// SlatePostgres: the same schema, records and typed queries on PostgreSQL, over postgres-nio.
//
// The whole module builds only with Slate's Postgres trait, which also brings in the
// postgres-nio dependency; without the trait it is empty and an app that uses SQLite alone
// never fetches or builds postgres-nio.
#if Postgres
import PostgresNIO
#endif
