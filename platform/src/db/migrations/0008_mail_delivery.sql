-- docs/operations.md "Mail": every mail is written here first and delivered from here, so a mail the SMTP relay
-- refused or a crash interrupted is retried, never lost, and an operator sees each one's state. Rows written before
-- this migration were kept for a site without SMTP: they are `held`.
ALTER TABLE platform.mail_outbox ADD COLUMN state text NOT NULL DEFAULT 'held'
  CHECK (state IN ('held', 'queued', 'sending', 'sent', 'failed'));
ALTER TABLE platform.mail_outbox ADD COLUMN attempts integer NOT NULL DEFAULT 0;
ALTER TABLE platform.mail_outbox ADD COLUMN next_attempt_at timestamptz;
ALTER TABLE platform.mail_outbox ADD COLUMN lease_until timestamptz;
ALTER TABLE platform.mail_outbox ADD COLUMN sent_at timestamptz;
ALTER TABLE platform.mail_outbox ADD COLUMN last_error text;
ALTER TABLE platform.mail_outbox ADD COLUMN resent_from bigint REFERENCES platform.mail_outbox (id) ON DELETE SET NULL;
CREATE INDEX mail_outbox_due ON platform.mail_outbox (next_attempt_at) WHERE state IN ('queued', 'sending');
