-- Hand-written migration
-- Who a poll application expects answers from, in one place for the status boards and the stored
-- counters (poll_assignments.total/answers, which lists read): a withdrawn student is no longer
-- expected and a moved student is expected once, in the group they stand in (issue 27). The
-- counters of a live application (not closed, window not over) follow every change of enrolments,
-- students, withdrawals, groups and classes through the triggers below, so they never go stale;
-- a closed or ended application keeps the numbers it ended with.

-- One row per expected answer: a student (general poll) or a student and class with a teacher
-- (teacher evaluation), with whether it has its answer (a finished poll, a complete evaluation).
CREATE OR REPLACE FUNCTION poll_expected(p_assignment integer)
RETURNS TABLE (student_id integer, career_id integer, schedule_id integer, teacher_id integer, group_id integer, done boolean)
LANGUAGE sql STABLE AS $$
  WITH a AS (
    SELECT a.id, a.cicle_id, a.all_careers, c.start AS cicle_start, c."end" AS cicle_end,
           upper(coalesce(k.code, '')) = 'DOC' AS teacher,
           (a.status <> 'CLOSED' AND a.end_at >= now()) AS live
      FROM poll_assignments a
      JOIN cicles c ON c.id = a.cicle_id
      JOIN polls p ON p.id = a.poll_id
      LEFT JOIN catalogs k ON k.id = p.poll_type_id
     WHERE a.id = p_assignment
  ),
  -- The enrolment of the period each student stands in: the current one, else the last (a past
  -- period's enrolments are closed by the next reinscription; a movement closes the group left).
  -- One whole-group enrolment per student, and one per subject taken in another group.
  standing AS (
    SELECT DISTINCT ON (sg.student_id, sg.subject_id) sg.student_id, sg.subject_id, sg.group_id
      FROM a
      JOIN groups g ON g.cicle_id = a.cicle_id AND g.status
      JOIN student_groups sg ON sg.group_id = g.id AND sg.status
     ORDER BY sg.student_id, sg.subject_id, sg.is_current DESC, sg.id DESC
  ),
  expected AS (
    SELECT DISTINCT e.student_id, g.career_id, s.id AS schedule_id, s.teacher_id, g.id AS group_id
      FROM a
      JOIN standing e ON true
      JOIN groups g ON g.id = e.group_id
      JOIN students st ON st.id = e.student_id
      LEFT JOIN schedules s ON a.teacher AND s.group_id = g.id AND s.status AND s.teacher_id IS NOT NULL AND (e.subject_id IS NULL OR e.subject_id = s.subject_id)
     WHERE (a.teacher OR e.subject_id IS NULL)
       AND (NOT a.teacher OR s.id IS NOT NULL)
       AND (a.all_careers OR g.career_id IN (SELECT pc.career_id FROM poll_assign_careers pc WHERE pc.assignment_id = a.id))
       -- While the application runs, only active students are expected; afterwards a student
       -- who left later (graduated, withdrew in another period) still counted then.
       AND (st.is_active OR NOT a.live)
       -- Withdrawn in that period (and not reinstated): never expected.
       AND NOT EXISTS (
         SELECT 1 FROM terminations t
          WHERE t.student_id = e.student_id AND t.status AND (t.cicle_id = a.cicle_id OR t.term_date BETWEEN a.cicle_start AND a.cicle_end))
  )
  SELECT e.student_id, e.career_id, e.schedule_id, e.teacher_id, e.group_id,
         CASE WHEN a.teacher
              THEN EXISTS (SELECT 1 FROM teacher_evaluations te WHERE te.assignment_id = a.id AND te.student_id = e.student_id AND te.schedule_id = e.schedule_id AND te.is_complete)
              ELSE EXISTS (SELECT 1 FROM poll_completions pc WHERE pc.assignment_id = a.id AND pc.student_id = e.student_id)
         END AS done
    FROM a CROSS JOIN expected e
$$;

-- Rewrites the counters of the given applications from poll_expected (only those that moved).
CREATE OR REPLACE FUNCTION poll_refresh_counters(p_assignments integer[])
RETURNS void LANGUAGE sql AS $$
  UPDATE poll_assignments a SET total = x.total, answers = x.answers
    FROM (SELECT a2.id, c.total, c.answers
            FROM poll_assignments a2
            CROSS JOIN LATERAL (SELECT count(*)::int AS total, (count(*) FILTER (WHERE done))::int AS answers FROM poll_expected(a2.id)) c
           WHERE a2.id = ANY(p_assignments)) x
   WHERE a.id = x.id AND (a.total, a.answers) IS DISTINCT FROM (x.total, x.answers);
$$;

-- The live applications of some periods (not closed, window not over).
CREATE OR REPLACE FUNCTION poll_refresh_cicles(p_cicles integer[])
RETURNS void LANGUAGE sql AS $$
  SELECT poll_refresh_counters(array_agg(id)) FROM poll_assignments
   WHERE cicle_id = ANY(p_cicles) AND status <> 'CLOSED' AND end_at >= now() AND is_active
  HAVING count(*) > 0;
$$;

CREATE OR REPLACE FUNCTION poll_refresh_student(p_student integer)
RETURNS void LANGUAGE sql AS $$
  SELECT poll_refresh_cicles(array_agg(DISTINCT g.cicle_id)) FROM student_groups sg JOIN groups g ON g.id = sg.group_id WHERE sg.student_id = p_student HAVING count(*) > 0;
$$;

CREATE OR REPLACE FUNCTION poll_after_enrolment() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM poll_refresh_cicles(ARRAY(SELECT cicle_id FROM groups WHERE id = OLD.group_id));
  ELSIF TG_OP = 'INSERT' THEN
    PERFORM poll_refresh_cicles(ARRAY(SELECT cicle_id FROM groups WHERE id = NEW.group_id));
  ELSE
    PERFORM poll_refresh_cicles(ARRAY(SELECT cicle_id FROM groups WHERE id IN (OLD.group_id, NEW.group_id)));
  END IF;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION poll_after_student() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN PERFORM poll_refresh_student(OLD.student_id); ELSE PERFORM poll_refresh_student(NEW.student_id); END IF;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION poll_after_student_active() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM poll_refresh_student(NEW.id);
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION poll_after_group() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM poll_refresh_cicles(ARRAY[OLD.cicle_id, NEW.cicle_id]);
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION poll_after_schedule() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM poll_refresh_cicles(ARRAY(SELECT cicle_id FROM groups WHERE id = OLD.group_id));
  ELSIF TG_OP = 'INSERT' THEN
    PERFORM poll_refresh_cicles(ARRAY(SELECT cicle_id FROM groups WHERE id = NEW.group_id));
  ELSE
    PERFORM poll_refresh_cicles(ARRAY(SELECT cicle_id FROM groups WHERE id IN (OLD.group_id, NEW.group_id)));
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER poll_counters_enrolments AFTER INSERT OR DELETE OR UPDATE OF group_id, subject_id, is_current, status ON student_groups
  FOR EACH ROW EXECUTE FUNCTION poll_after_enrolment();
CREATE TRIGGER poll_counters_withdrawals AFTER INSERT OR DELETE OR UPDATE OF status, cicle_id, term_date ON terminations
  FOR EACH ROW EXECUTE FUNCTION poll_after_student();
CREATE TRIGGER poll_counters_students AFTER UPDATE OF is_active ON students
  FOR EACH ROW WHEN (OLD.is_active IS DISTINCT FROM NEW.is_active) EXECUTE FUNCTION poll_after_student_active();
CREATE TRIGGER poll_counters_groups AFTER UPDATE OF status, career_id, cicle_id ON groups
  FOR EACH ROW EXECUTE FUNCTION poll_after_group();
CREATE TRIGGER poll_counters_schedules AFTER INSERT OR DELETE OR UPDATE OF group_id, subject_id, teacher_id, status ON schedules
  FOR EACH ROW EXECUTE FUNCTION poll_after_schedule();

-- The demo's and any school's stored counters, recomputed once under the new rule.
SELECT poll_refresh_counters(ARRAY(SELECT id FROM poll_assignments));

-- An incomplete teacher evaluation has no score: its average would be of some questions only.
UPDATE teacher_evaluations SET score = NULL WHERE NOT is_complete AND score IS NOT NULL;
ALTER TABLE teacher_evaluations ADD CONSTRAINT teacher_evaluations_score_when_complete CHECK (is_complete OR score IS NULL);
