-- docs/experiments.md "Exposure": one row per experiment and page view, and at most one per experiment and
-- consenting visitor (their tracking id); the visitor id is stored only with consent.
CREATE TABLE site.experiment_exposures (
  id bigserial PRIMARY KEY,
  experiment text NOT NULL,
  variant text NOT NULL,
  page_id text NOT NULL,
  visitor_id text,
  path text NOT NULL,
  exposed_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (experiment, page_id)
);
CREATE UNIQUE INDEX experiment_exposures_visitor ON site.experiment_exposures (experiment, visitor_id) WHERE visitor_id IS NOT NULL;
CREATE INDEX experiment_exposures_by_variant ON site.experiment_exposures (experiment, variant);
