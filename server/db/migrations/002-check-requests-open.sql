-- One OPEN check request per student and lesson (students' app: a second request answers 409).
-- An OPEN request older than 24 h is EXPIRED (part 1 §9): store that first, so old rows cannot block the index.
UPDATE check_requests SET status = 'EXPIRED' WHERE status = 'OPEN' AND created_at < now() - interval '24 hours';
CREATE UNIQUE INDEX check_requests_one_open ON check_requests (student_id, lesson_id) WHERE status = 'OPEN';
