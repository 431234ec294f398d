-- The release registry's durable copy (docs/operations.md "Releases"): one row, the whole document.
CREATE TABLE IF NOT EXISTS platform.release_registry (
  id smallint PRIMARY KEY CHECK (id = 1),
  revision bigint NOT NULL,
  state jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
