CREATE TABLE landing.download_reports (
  id bigserial PRIMARY KEY,
  installer text NOT NULL,
  product_id integer NOT NULL,
  os text NOT NULL,
  target_url text NOT NULL,
  referer_url text,
  user_agent text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX download_reports_created_at ON landing.download_reports (created_at);
CREATE TABLE landing.uninstall_feedback (
  id bigserial PRIMARY KEY,
  product_slug text NOT NULL,
  reason text NOT NULL,
  comment text,
  locale text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE landing.contact_messages (
  id bigserial PRIMARY KEY,
  name text NOT NULL,
  email text NOT NULL,
  topic text NOT NULL,
  message text NOT NULL,
  locale text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
