-- docs/console.md "Orders and licences": what operators did to an order (receipt resent, devices reset, key
-- revoked, refunded from the console), for its timeline; and which device seats a support reset freed, so a reset
-- does not count against the buyer's own deactivations. Additive: earlier versions never read either.
CREATE TABLE checkout.order_events (
  id bigserial PRIMARY KEY,
  order_id text NOT NULL REFERENCES checkout.orders (id),
  type text NOT NULL CHECK (type IN ('refund_requested', 'receipt_resent', 'devices_reset', 'key_revoked')),
  detail jsonb NOT NULL DEFAULT '{}'::jsonb,
  at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX order_events_order_idx ON checkout.order_events (order_id, at);
ALTER TABLE checkout.devices ADD COLUMN reset_at timestamptz;
CREATE INDEX orders_email_lower_idx ON checkout.orders (lower(email));
