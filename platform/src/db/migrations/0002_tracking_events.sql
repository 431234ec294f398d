-- First-party tracking (spec §3 "Tracking data", §7 tracking endpoint). visitor_id and session_id are
-- kept only for visitors who consented; cookieless events carry neither (decisions.md).
CREATE TABLE platform.tracking_events (
  id bigserial PRIMARY KEY,
  upload_id text NOT NULL UNIQUE,
  received_at timestamptz NOT NULL DEFAULT now(),
  event text NOT NULL,
  event_category text,
  event_label text,
  event_target text,
  url text,
  referer_url text,
  consent boolean NOT NULL,
  visitor_id text,
  session_id text,
  signed_in boolean NOT NULL DEFAULT false,
  source text NOT NULL CHECK (source IN ('send_beacon', 'axios', 'server')),
  data jsonb NOT NULL
);
CREATE INDEX tracking_events_event_time ON platform.tracking_events (event, received_at);
