-- docs/experiments.md "Opening and closing": an experiment an operator opened or closed in the console, over the
-- registry's `open`. One row per experiment; the console's audit log keeps who switched it and when.
CREATE TABLE IF NOT EXISTS platform.experiment_switches (
  experiment text PRIMARY KEY,
  open boolean NOT NULL,
  changed_at timestamptz NOT NULL DEFAULT now(),
  changed_by text NOT NULL
);
