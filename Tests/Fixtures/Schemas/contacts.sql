-- Contacts: people and their addresses.
CREATE TABLE person (
  person_id INTEGER PRIMARY KEY,
  name      TEXT NOT NULL,
  title     TEXT
);

CREATE TABLE address (
  address_id INTEGER PRIMARY KEY,
  street     VARCHAR,
  city       VARCHAR,
  person_id  INTEGER REFERENCES person(person_id) ON DELETE CASCADE
);
