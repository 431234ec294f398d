-- docs/experiments.md "Affiliates and ads": where an order came from, read from the buyer's cookies when it is made.
-- Additive: orders placed before have no attribution and no experiments.
ALTER TABLE checkout.orders ADD COLUMN affiliate text;
ALTER TABLE checkout.orders ADD COLUMN ad text;
ALTER TABLE checkout.orders ADD COLUMN ad1 text;
ALTER TABLE checkout.orders ADD COLUMN first_touch text;
ALTER TABLE checkout.orders ADD COLUMN experiments jsonb NOT NULL DEFAULT '{}'::jsonb;
