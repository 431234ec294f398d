-- A mail's extra header fields (a newsletter's List-Unsubscribe), kept in the outbox as SMTP would send them.
ALTER TABLE platform.mail_outbox ADD COLUMN headers jsonb;
