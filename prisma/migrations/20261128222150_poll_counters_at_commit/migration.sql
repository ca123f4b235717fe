-- Hand-written migration
-- Issue 31: an import enrols thousands of students in one transaction. The poll counters followed
-- each inserted enrolment at once with a refresh of its period's live applications (poll_expected
-- over the whole period), so a 20,000-student import recomputed them 20,000 times, each slower
-- than the last. A new enrolment now refreshes its period's counters when its transaction commits
-- (a deferred constraint trigger), and once per period and transaction: by then every enrolment
-- of the transaction is in, so one refresh counts them all. Readers outside the transaction see
-- the same counters as before; updates and deletes keep the immediate per-row trigger.
DROP TRIGGER IF EXISTS poll_counters_enrolments ON student_groups;

CREATE OR REPLACE FUNCTION poll_after_enrolment_committed()
RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_cicle integer;
BEGIN
  SELECT cicle_id INTO v_cicle FROM groups WHERE id = NEW.group_id;
  -- The mark is transaction-local (set_config's third argument): the next transaction refreshes again.
  IF v_cicle IS NULL OR current_setting('plantel.poll_refreshed_' || v_cicle, true) = 'yes' THEN
    RETURN NULL;
  END IF;
  PERFORM set_config('plantel.poll_refreshed_' || v_cicle, 'yes', true);
  PERFORM poll_refresh_cicles(ARRAY[v_cicle]);
  RETURN NULL;
END $$;

CREATE CONSTRAINT TRIGGER poll_counters_enrolments_inserted AFTER INSERT ON student_groups
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION poll_after_enrolment_committed();

CREATE TRIGGER poll_counters_enrolments AFTER DELETE OR UPDATE OF group_id, subject_id, is_current, status ON student_groups
  FOR EACH ROW EXECUTE FUNCTION poll_after_enrolment();
