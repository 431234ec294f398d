-- docs/console.md "API keys": keys for automation, each with a console role. Only the SHA-256 of a key is kept
-- (a key is 240 random bits: a fast hash is enough), with a short prefix to recognise it by. A revoked key stays
-- listed, with who revoked it and when.
CREATE TABLE IF NOT EXISTS platform.api_keys (
  id bigserial PRIMARY KEY,
  name text NOT NULL,
  role text NOT NULL,
  prefix text NOT NULL,
  secret_hash text NOT NULL UNIQUE,
  created_by text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz,
  revoked_at timestamptz,
  revoked_by text
);
