-- docs/commerce.md "Order secret": the sha256 of the secret the buyer's browser holds in its rk_order cookie.
-- Orders placed before this column existed have none: only their account may see them.
ALTER TABLE checkout.orders ADD COLUMN secret_hash text;
