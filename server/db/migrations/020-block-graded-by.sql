-- Who gave a block its current grade, so a refused stale grade (409) can say whether the grade it
-- met was a colleague's or the same teacher's own from another tablet (issue 28 item 27). NULL for
-- grades given before this column existed: then the message names nobody.
ALTER TABLE portfolio_blocks ADD COLUMN graded_by integer REFERENCES users(id) ON DELETE SET NULL;
