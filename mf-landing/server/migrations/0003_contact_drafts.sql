CREATE TABLE landing.contact_drafts (
  id uuid PRIMARY KEY,
  fields jsonb NOT NULL,
  problems jsonb NOT NULL,
  client_key text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  expires_at timestamptz NOT NULL
);
CREATE INDEX contact_drafts_client_key ON landing.contact_drafts (client_key, created_at);
CREATE INDEX contact_drafts_expires_at ON landing.contact_drafts (expires_at);
