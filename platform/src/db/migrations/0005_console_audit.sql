-- docs/console.md "Audit log": every console action, who did it, when, on what, before and after. Append-only: a
-- trigger refuses UPDATE and DELETE row by row and TRUNCATE as a statement, whatever role the site connects with.
CREATE TABLE IF NOT EXISTS platform.console_audit (
  id bigserial PRIMARY KEY,
  at timestamptz NOT NULL DEFAULT now(),
  actor_id text NOT NULL,
  actor_email text NOT NULL,
  actor_role text NOT NULL,
  action text NOT NULL,
  target text NOT NULL,
  before jsonb,
  after jsonb,
  client_ip text
);
CREATE INDEX IF NOT EXISTS console_audit_at ON platform.console_audit (at DESC);
CREATE INDEX IF NOT EXISTS console_audit_action ON platform.console_audit (action);
CREATE OR REPLACE FUNCTION platform.refuse_console_audit_change() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'platform.console_audit is append-only' USING ERRCODE = 'insufficient_privilege'; END $$;
DROP TRIGGER IF EXISTS console_audit_append_only ON platform.console_audit;
CREATE TRIGGER console_audit_append_only BEFORE UPDATE OR DELETE ON platform.console_audit FOR EACH ROW EXECUTE FUNCTION platform.refuse_console_audit_change();
DROP TRIGGER IF EXISTS console_audit_no_truncate ON platform.console_audit;
CREATE TRIGGER console_audit_no_truncate BEFORE TRUNCATE ON platform.console_audit FOR EACH STATEMENT EXECUTE FUNCTION platform.refuse_console_audit_change();
