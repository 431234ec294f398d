-- docs/push.md "Composed messages": a message an operator wrote in the console carries its own title and body per
-- locale; the named messages (`new_version`, `sale`, `new_guide`) keep theirs in the `push` namespace (NULL here).
ALTER TABLE site.push_messages ADD COLUMN IF NOT EXISTS texts jsonb
