-- docs/forms.md "Newsletter": double opt-in. Additive only (docs/releases.md "Migrations"): the previous release
-- keeps reading `unsubscribed_at` while this one derives the state from `confirmed_at` and `unsubscribed_at`.
-- Rows from before this change have no `confirmed_at`: they are pending, counted and mailed only once their owner
-- signs up again and confirms (the old box took any address, so their consent cannot be shown).
ALTER TABLE site.newsletter_subscriptions
  ADD COLUMN confirmed_at timestamptz,
  ADD COLUMN confirm_token_hash text,
  ADD COLUMN confirm_expires_at timestamptz,
  ADD COLUMN confirm_sent_at timestamptz,
  ADD COLUMN confirm_used_at timestamptz,
  ADD COLUMN welcome_sent_at timestamptz;
CREATE UNIQUE INDEX newsletter_subscriptions_confirm_token ON site.newsletter_subscriptions (confirm_token_hash)
  WHERE confirm_token_hash IS NOT NULL;
