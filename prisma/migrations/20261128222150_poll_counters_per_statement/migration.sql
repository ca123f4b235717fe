-- Hand-written migration
-- Issue 31: an import enrols hundreds of students in one statement. The poll counters followed
-- each inserted enrolment with a refresh of its period's live applications (poll_expected over the
-- whole period), so a batch of 500 recomputed them 500 times and a 20,000-student import grew
-- quadratically. New enrolments now refresh once per statement, for the periods of the rows it
-- inserted (a transition table); the counters end the same, since a refresh recomputes them from
-- the enrolments. Updates and deletes keep the per-row trigger (they come one by one).
DROP TRIGGER IF EXISTS poll_counters_enrolments ON student_groups;

CREATE OR REPLACE FUNCTION poll_after_enrolments_inserted()
RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM poll_refresh_cicles(ARRAY(SELECT DISTINCT g.cicle_id FROM inserted_enrolments n JOIN groups g ON g.id = n.group_id));
  RETURN NULL;
END $$;

CREATE TRIGGER poll_counters_enrolments_inserted AFTER INSERT ON student_groups
  REFERENCING NEW TABLE AS inserted_enrolments
  FOR EACH STATEMENT EXECUTE FUNCTION poll_after_enrolments_inserted();

CREATE TRIGGER poll_counters_enrolments AFTER DELETE OR UPDATE OF group_id, subject_id, is_current, status ON student_groups
  FOR EACH ROW EXECUTE FUNCTION poll_after_enrolment();
