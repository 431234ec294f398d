-- Invite visits (spec §7 share_visit): which invite code a signed-in visitor arrived with, once per code.
-- Personal data: goes with the account.
CREATE TABLE account.invite_visits (
  user_id text NOT NULL REFERENCES account.users (id) ON DELETE CASCADE,
  invite_code text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, invite_code)
);
CREATE INDEX invite_visits_code ON account.invite_visits (invite_code);
