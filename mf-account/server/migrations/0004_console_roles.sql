-- docs/console.md "Roles": better-auth's admin plugin (a role per account, bans) and two-factor sign-in (TOTP with
-- backup codes). Expand only: nullable columns or columns with defaults, and a new table, so the live version
-- keeps working beside them (docs/releases.md "Migrations").
ALTER TABLE account.users ADD COLUMN IF NOT EXISTS role text;
ALTER TABLE account.users ADD COLUMN IF NOT EXISTS banned boolean DEFAULT false;
ALTER TABLE account.users ADD COLUMN IF NOT EXISTS ban_reason text;
ALTER TABLE account.users ADD COLUMN IF NOT EXISTS ban_expires timestamptz;
ALTER TABLE account.users ADD COLUMN IF NOT EXISTS two_factor_enabled boolean DEFAULT false;
ALTER TABLE account.sessions ADD COLUMN IF NOT EXISTS impersonated_by text;
CREATE INDEX IF NOT EXISTS users_role ON account.users (role) WHERE role IS NOT NULL;
-- The TOTP secret and the backup codes, both encrypted by the library with the auth secret.
CREATE TABLE IF NOT EXISTS account.two_factors (
  id text PRIMARY KEY,
  secret text NOT NULL,
  backup_codes text NOT NULL,
  user_id text NOT NULL REFERENCES account.users (id) ON DELETE CASCADE,
  verified boolean DEFAULT true,
  failed_verification_count integer DEFAULT 0,
  locked_until timestamptz
);
CREATE INDEX IF NOT EXISTS two_factors_user_id ON account.two_factors (user_id);
CREATE INDEX IF NOT EXISTS two_factors_secret ON account.two_factors (secret);
