-- Names that the generated code's own locals, parameters and generic parameters use.
CREATE TABLE store (store_id INTEGER PRIMARY KEY, name TEXT NOT NULL);
CREATE TABLE handle (handle_id INTEGER PRIMARY KEY, label TEXT);
CREATE TABLE statement (statement_id INTEGER PRIMARY KEY, body TEXT);
CREATE TABLE db (db_id INTEGER PRIMARY KEY, name TEXT);
CREATE TABLE chain (id INTEGER NOT NULL, chain_index INTEGER NOT NULL, store_id INTEGER REFERENCES store(store_id), PRIMARY KEY (id, chain_index));
CREATE TABLE gadget (
  gadget_id INTEGER PRIMARY KEY,
  handle_id INTEGER REFERENCES handle(handle_id),
  statement_id INTEGER REFERENCES statement(statement_id),
  db_id INTEGER REFERENCES db(db_id),
  store_id INTEGER REFERENCES store(store_id),
  context TEXT, record TEXT, offset INTEGER, index_ INTEGER, "values" TEXT, self TEXT, type TEXT
);
