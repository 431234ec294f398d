CREATE SCHEMA IF NOT EXISTS platform;
CREATE TABLE platform.mail_outbox (
  id bigserial PRIMARY KEY,
  recipient text NOT NULL,
  reply_to text,
  subject text NOT NULL,
  body_text text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
