-- File bytes in PostgreSQL when DATABASE_URL is set (server/files/pg-store.ts), so every API process
-- serves every upload. In chunks: a row stays far below the 1 GB field limit and a download streams
-- chunk by chunk instead of holding the whole file in memory.
CREATE TABLE blob_chunks (
  key text NOT NULL,
  seq integer NOT NULL,
  data bytea NOT NULL,
  PRIMARY KEY (key, seq)
);
