// SlatePostgresSchema: PostgreSQL's form of a Slate schema, rendered from the reflected
// model (never by rewriting SQL text). Package API only: the generator and the CLI use it.
import SlateSchema
