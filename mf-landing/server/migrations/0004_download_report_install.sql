-- The spec's download report (docs/tracking.md "Downloads"): besides the installer, its product id and the target
-- URL, the app id and package name of the build and the download URL the visitor followed. Additive: reports
-- stored before have none.
ALTER TABLE landing.download_reports ADD COLUMN app_id text;
ALTER TABLE landing.download_reports ADD COLUMN package_name text;
ALTER TABLE landing.download_reports ADD COLUMN download_url text;
