-- Campaigns as the campaign squad's data (issue 13, docs/campaigns.md). Every text a visitor reads is a
-- translation key of the `campaign` namespace (`names.<key>`, `carousel.<key>`), so each locale shows its
-- own words; images are paths under /assets/campaign/.

CREATE TABLE campaign.campaigns (
  id text PRIMARY KEY CHECK (id ~ '^[a-z0-9][a-z0-9-]{1,39}$'),
  name_key text NOT NULL,
  newsletter_key text,
  nav_title_key text,
  route text NOT NULL DEFAULT 'sales-campaign',
  starts_at timestamptz NOT NULL,
  ends_at timestamptz NOT NULL CHECK (ends_at > starts_at),
  is_important boolean NOT NULL DEFAULT false,
  no_nav_routes text[] NOT NULL DEFAULT '{}',
  no_ad_routes text[] NOT NULL DEFAULT '{}',
  -- {thumb, bgAccount, bgEvent, bgArticle}
  images jsonb NOT NULL DEFAULT '{}',
  -- {href, background, textImage, storageKey, sourceKey, sourceValue} or null for no bottom ad.
  bottom_ad jsonb,
  -- [{titleKey, descriptionKey, floatKey, buttonKey, image, href, featured, mask, expired, showFloat, showInEventCenter, showInCarousel}]
  carousel jsonb NOT NULL DEFAULT '[]',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX campaigns_window_idx ON campaign.campaigns (starts_at, ends_at);

-- docs/campaigns.md "Campaign data": a coupon belongs to one campaign. The checkout prices and redeems them; it reads them through /api/campaign/internal/.
CREATE TABLE campaign.coupons (
  code text PRIMARY KEY CHECK (code ~ '^[A-Z0-9_-]{3,32}$'),
  campaign_id text NOT NULL REFERENCES campaign.campaigns (id) ON DELETE CASCADE,
  text text NOT NULL DEFAULT '',
  type integer NOT NULL DEFAULT 1,
  discount_cents integer NOT NULL CHECK (discount_cents > 0),
  allowed_types text[] NOT NULL DEFAULT '{}',
  allow_price_cents integer NOT NULL DEFAULT 0 CHECK (allow_price_cents >= 0),
  show boolean NOT NULL DEFAULT true,
  group_type integer NOT NULL DEFAULT 0
);
CREATE INDEX coupons_campaign_idx ON campaign.coupons (campaign_id);

-- Every change an operator makes, with what the campaign was before and after it.
CREATE TABLE campaign.audit_log (
  id bigserial PRIMARY KEY,
  at timestamptz NOT NULL DEFAULT now(),
  action text NOT NULL CHECK (action IN ('create', 'update', 'schedule', 'end')),
  campaign_id text NOT NULL,
  actor text NOT NULL,
  before jsonb,
  after jsonb
);
CREATE INDEX audit_log_campaign_idx ON campaign.audit_log (campaign_id, at);

-- docs/campaigns.md "The seeded campaign": the MSBF campaign, 2020-08-30 to 2023-12-11 (epoch ms 1598796800000 to 1702281600000), over today.
INSERT INTO campaign.campaigns (id, name_key, newsletter_key, nav_title_key, starts_at, ends_at, is_important, images, carousel)
VALUES ('msbf', 'msbf', 'msbf_newsletter', 'msbf_nav', to_timestamp(1598796800), to_timestamp(1702281600), true,
  '{"thumb": "/assets/campaign/msbf-thumb.svg", "bgAccount": "/assets/campaign/msbf-wide.svg", "bgEvent": "/assets/campaign/msbf-wide.svg", "bgArticle": "/assets/campaign/msbf-wide.svg"}',
  '[{"titleKey": "msbf_title", "descriptionKey": "msbf_description", "floatKey": "msbf_float", "buttonKey": "shop_now", "image": "/assets/campaign/msbf-wide.svg", "href": "sales-campaign", "featured": false, "mask": true, "expired": true, "showFloat": false, "showInEventCenter": true, "showInCarousel": false}]');
INSERT INTO campaign.coupons (code, campaign_id, text, discount_cents, allow_price_cents) VALUES
  ('MSBF30', 'msbf', '$30 off orders of $99.90 or more', 3000, 9990),
  ('MSBF10', 'msbf', '$10 off orders of $79.90 or more', 1000, 7990);
