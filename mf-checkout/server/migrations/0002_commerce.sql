-- Products, plans, campaigns, coupons, orders, licences and devices of the checkout squad (issue 6).
-- Money is whole US cents. Plans are seeded from spec §9 (Windows and Mac identical); products without
-- their own plans fall back to `aio`.

CREATE TABLE checkout.products (
  key text PRIMARY KEY,
  name text NOT NULL,
  has_mac boolean NOT NULL
);

INSERT INTO checkout.products (key, name, has_mac) VALUES
  ('aio', 'ReelKeep', true),
  ('netflix', 'ReelKeep Netflix Downloader', true),
  ('disney-plus', 'ReelKeep Disney+ Downloader', true),
  ('amazon-prime-video', 'ReelKeep Prime Video Downloader', true),
  ('onlyfans', 'ReelKeep OnlyFans Downloader', false),
  ('pornhub', 'ReelKeep Pornhub Downloader', false),
  ('pluto-tv', 'ReelKeep Pluto TV Downloader', false);

CREATE TABLE checkout.plans (
  product_key text NOT NULL REFERENCES checkout.products (key),
  os text NOT NULL CHECK (os IN ('win', 'mac')),
  type text NOT NULL CHECK (type IN ('1M', '6M', '1Y', 'LFT', 'LFT_3', 'LFT_5')),
  option_id integer NOT NULL,
  pid text NOT NULL,
  price_cents integer NOT NULL CHECK (price_cents > 0),
  origin_price_cents integer NOT NULL CHECK (origin_price_cents >= price_cents),
  price_a_cents integer NOT NULL CHECK (price_a_cents > 0),
  origin_price_a_cents integer NOT NULL,
  price_b_cents integer NOT NULL CHECK (price_b_cents > 0),
  origin_price_b_cents integer NOT NULL,
  allow_num integer NOT NULL CHECK (allow_num > 0),
  -- Months divisor; null for lifetime plans.
  calculation_num integer,
  day_num integer NOT NULL CHECK (day_num > 0),
  is_main boolean NOT NULL DEFAULT false,
  sort integer NOT NULL,
  PRIMARY KEY (product_key, os, type)
);

INSERT INTO checkout.plans (product_key, os, type, option_id, pid, price_cents, origin_price_cents, price_a_cents, origin_price_a_cents, price_b_cents, origin_price_b_cents, allow_num, calculation_num, day_num, is_main, sort)
SELECT 'aio', os.os, p.type, os.option_id, os.option_id || p.type, p.price, p.origin, p.price, p.origin, p.price_b, p.origin_b, p.allow_num, p.calculation_num, p.day_num, p.is_main, p.sort
FROM (VALUES ('win', 10721), ('mac', 10781)) AS os (os, option_id)
CROSS JOIN (VALUES
  ('1M', 2990, 2990, 3490, 3490, 1, 1, 30, false, 1),
  ('6M', 5990, 7490, 6990, 8790, 1, 6, 180, false, 2),
  ('1Y', 8990, 12990, 10490, 14990, 1, 12, 365, true, 3),
  ('LFT', 14990, 29990, 17490, 34990, 1, NULL, 1, false, 4),
  ('LFT_3', 19990, 44990, 22990, 49990, 3, NULL, 1, false, 5),
  ('LFT_5', 24990, 59990, 28990, 64990, 5, NULL, 1, true, 6)
) AS p (type, price, origin, price_b, origin_b, allow_num, calculation_num, day_num, is_main, sort);

-- spec §3 "Campaign (activity)": the fields the checkout uses; the event centre reads the same rows.
CREATE TABLE checkout.campaigns (
  id text PRIMARY KEY,
  name text NOT NULL,
  newsletter_name text,
  route text NOT NULL DEFAULT 'sales-campaign',
  starts_at timestamptz NOT NULL,
  ends_at timestamptz NOT NULL CHECK (ends_at > starts_at),
  is_important boolean NOT NULL DEFAULT false,
  nav_title_key text,
  no_nav_routes text[] NOT NULL DEFAULT '{}',
  no_ad_routes text[] NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now()
);

-- spec §3 "Coupon": code, text, type, discount, allowed types, minimum price, show flag, group type.
CREATE TABLE checkout.coupons (
  code text PRIMARY KEY CHECK (code ~ '^[A-Z0-9_-]{3,32}$'),
  campaign_id text NOT NULL REFERENCES checkout.campaigns (id) ON DELETE CASCADE,
  text text NOT NULL DEFAULT '',
  type integer NOT NULL DEFAULT 1,
  discount_cents integer NOT NULL CHECK (discount_cents > 0),
  allowed_types text[] NOT NULL DEFAULT '{}',
  allow_price_cents integer NOT NULL DEFAULT 0 CHECK (allow_price_cents >= 0),
  show boolean NOT NULL DEFAULT true,
  group_type integer NOT NULL DEFAULT 0
);

-- spec §9: the MSBF campaign, 2020-08-30 to 2023-12-11 (epoch ms 1598796800000 to 1702281600000), over today.
INSERT INTO checkout.campaigns (id, name, newsletter_name, starts_at, ends_at, is_important, nav_title_key)
VALUES ('msbf', 'Mega sale Black Friday', 'msbf', to_timestamp(1598796800), to_timestamp(1702281600), true, 'campaign.msbf');
INSERT INTO checkout.coupons (code, campaign_id, text, discount_cents, allow_price_cents) VALUES
  ('MSBF30', 'msbf', '$30 off orders of $99.90 or more', 3000, 9990),
  ('MSBF10', 'msbf', '$10 off orders of $79.90 or more', 1000, 7990);

CREATE TABLE checkout.orders (
  id text PRIMARY KEY,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'paid', 'refunded', 'failed', 'expired')),
  user_id text,
  email text NOT NULL,
  locale text NOT NULL,
  product_key text NOT NULL,
  os text NOT NULL,
  plan_type text NOT NULL,
  pid text NOT NULL,
  -- What the plan gives, as sold: devices and days (lifetime plans never expire).
  allow_num integer NOT NULL,
  day_num integer NOT NULL,
  lifetime boolean NOT NULL,
  variant text NOT NULL,
  coupon_code text,
  origin_cents integer NOT NULL,
  price_cents integer NOT NULL,
  discount_cents integer NOT NULL CHECK (discount_cents >= 0),
  amount_cents integer NOT NULL CHECK (amount_cents > 0),
  currency text NOT NULL DEFAULT 'USD',
  provider text NOT NULL,
  provider_ref text,
  upgrade_id text,
  applied_id text,
  failure_code text,
  attempts integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  paid_at timestamptz,
  refunded_at timestamptz,
  receipt_sent_at timestamptz
);
CREATE INDEX orders_user_idx ON checkout.orders (user_id, created_at DESC);
CREATE UNIQUE INDEX orders_provider_ref_idx ON checkout.orders (provider, provider_ref);

CREATE TABLE checkout.licences (
  id bigserial PRIMARY KEY,
  -- One licence per order: the constraint that makes fulfilment idempotent.
  order_id text NOT NULL UNIQUE REFERENCES checkout.orders (id),
  key text NOT NULL UNIQUE,
  os text NOT NULL,
  plan_type text NOT NULL,
  allow_num integer NOT NULL,
  expires_at timestamptz,
  status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'revoked')),
  created_at timestamptz NOT NULL DEFAULT now(),
  revoked_at timestamptz
);

CREATE TABLE checkout.devices (
  id bigserial PRIMARY KEY,
  licence_id bigint NOT NULL REFERENCES checkout.licences (id),
  device_id text NOT NULL,
  name text NOT NULL DEFAULT '',
  activated_at timestamptz NOT NULL DEFAULT now(),
  deactivated_at timestamptz
);
CREATE UNIQUE INDEX devices_active_idx ON checkout.devices (licence_id, device_id) WHERE deactivated_at IS NULL;

-- Provider events already handled (webhook replays are answered without doing anything twice).
CREATE TABLE checkout.processed_events (
  provider text NOT NULL,
  event_id text NOT NULL,
  type text NOT NULL,
  processed_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (provider, event_id)
);

-- The sandbox provider's payments (its stand-in for a card processor's payment intents).
CREATE TABLE checkout.sandbox_payments (
  id text PRIMARY KEY,
  order_id text NOT NULL REFERENCES checkout.orders (id),
  amount_cents integer NOT NULL,
  status text NOT NULL CHECK (status IN ('requires_payment_method', 'requires_confirmation', 'succeeded', 'refunded')),
  card_last4 text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
