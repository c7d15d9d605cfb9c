-- The activity log's entries made before NRICs were kept masked in them (docs/product/ir.md §1):
-- every NRIC-shaped number in an entry's texts is masked as the server now masks it on receipt
-- (maskNricsIn in packages/shared/src/ir-rules.ts): twelve digits, whole or 6-2-4 with a dash,
-- a space, or their URL-encoded forms between the parts, and no digit either side.
UPDATE "log_entries" SET
  "action" = regexp_replace("action", '(?<![0-9])[0-9]{6}(?:-|\s|\+|%20|%2[Dd])?[0-9]{2}(?:-|\s|\+|%20|%2[Dd])?([0-9]{4})(?![0-9])', 'XXXXXX-XX-\1', 'g'),
  "request" = regexp_replace("request", '(?<![0-9])[0-9]{6}(?:-|\s|\+|%20|%2[Dd])?[0-9]{2}(?:-|\s|\+|%20|%2[Dd])?([0-9]{4})(?![0-9])', 'XXXXXX-XX-\1', 'g'),
  "url" = regexp_replace("url", '(?<![0-9])[0-9]{6}(?:-|\s|\+|%20|%2[Dd])?[0-9]{2}(?:-|\s|\+|%20|%2[Dd])?([0-9]{4})(?![0-9])', 'XXXXXX-XX-\1', 'g')
WHERE ("action" || ' ' || "request" || ' ' || "url") ~ '[0-9]{6}';
