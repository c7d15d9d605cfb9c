-- Trigram indexes make the fuzzy searches of later modules (members, staff, cases) fast on both engines.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
