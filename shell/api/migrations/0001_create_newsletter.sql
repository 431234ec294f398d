CREATE SCHEMA IF NOT EXISTS site;
CREATE TABLE site.newsletter_subscriptions (
  id bigserial PRIMARY KEY,
  email text NOT NULL,
  email_normalized text NOT NULL UNIQUE,
  locale text NOT NULL,
  source text NOT NULL,
  subscribed_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  unsubscribed_at timestamptz
);
