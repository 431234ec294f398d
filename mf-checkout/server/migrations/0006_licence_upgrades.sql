-- docs/commerce.md "Upgrades": an order may upgrade a licence of its buyer. The credit of the licence it replaces
-- is kept beside the coupon's discount, and the replaced licence names the order that replaced it (so a refund of
-- the upgrade gives the old licence back). Additive: earlier orders have no credit and replaced nothing.
ALTER TABLE checkout.orders ADD COLUMN credit_cents integer NOT NULL DEFAULT 0 CHECK (credit_cents >= 0);
ALTER TABLE checkout.licences ADD COLUMN replaced_by text;
CREATE INDEX orders_upgrade_idx ON checkout.orders (upgrade_id) WHERE upgrade_id IS NOT NULL;
