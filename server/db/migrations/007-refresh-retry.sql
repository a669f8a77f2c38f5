-- A refresh whose answer was lost may be repeated with the same Idempotency-Key: the hash of the key
-- that spent a token tells that repeat apart from a reuse by someone else.
ALTER TABLE refresh_tokens ADD COLUMN rotation_key_hash text;
