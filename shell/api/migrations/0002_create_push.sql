CREATE TABLE site.push_subscriptions (
  id bigserial PRIMARY KEY,
  endpoint text NOT NULL UNIQUE,
  auth_secret text NOT NULL,
  p256dh_key text NOT NULL,
  locale text NOT NULL,
  os text NOT NULL,
  device_model text NOT NULL,
  app_id text NOT NULL,
  browser text NOT NULL,
  browser_version text NOT NULL,
  utc_offset_s integer NOT NULL,
  campaign text,
  user_id text,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX push_subscriptions_user_id ON site.push_subscriptions (user_id) WHERE user_id IS NOT NULL;

CREATE TABLE site.push_messages (
  id bigserial PRIMARY KEY,
  message text NOT NULL,
  path text NOT NULL,
  image text,
  audience jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz
);

CREATE TABLE site.push_deliveries (
  id bigserial PRIMARY KEY,
  message_id bigint NOT NULL REFERENCES site.push_messages (id) ON DELETE CASCADE,
  subscription_id bigint REFERENCES site.push_subscriptions (id) ON DELETE SET NULL,
  token text NOT NULL UNIQUE,
  state text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'sent', 'failed', 'pruned')),
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  last_status integer,
  last_error text,
  sent_at timestamptz,
  delivered_at timestamptz,
  clicked_at timestamptz
);
CREATE INDEX push_deliveries_due ON site.push_deliveries (next_attempt_at) WHERE state = 'pending';
CREATE INDEX push_deliveries_message ON site.push_deliveries (message_id, state);
