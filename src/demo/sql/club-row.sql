-- The club itself. ON CONFLICT keeps a second seed from duplicating anything: seed.ts turns
-- "no row inserted" into a clear error and rolls the transaction back.
INSERT INTO clubs (club_id, name, timezone, billing_model, api_access, waiver_validity, waiver_version_required,
                   created_at, updated_at)
SELECT club_id, name, tz, billing_model, true, waiver_validity, waiver_required, opened_at, opened_at
FROM demo_club
ON CONFLICT (club_id) DO NOTHING
RETURNING club_id
