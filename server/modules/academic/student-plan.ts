// Which study plan a student follows, for what reads their plan against their kardex (the oath's
// owed subjects, the certificate of studies): the plan of their current group, else of the latest
// whole-group enrolment with a plan, else their career's latest plan. One SQL expression over $1 (the
// student's id), so both read the same plan.
export const STUDENT_PLAN_ID = `coalesce(
      (SELECT g.study_plan_id FROM students s JOIN groups g ON g.id = s.current_group_id WHERE s.id = $1),
      (SELECT g.study_plan_id FROM student_groups sg JOIN groups g ON g.id = sg.group_id JOIN cicles c ON c.id = g.cicle_id
        WHERE sg.student_id = $1 AND sg.subject_id IS NULL AND g.study_plan_id IS NOT NULL ORDER BY c.start DESC LIMIT 1),
      (SELECT sp.id FROM study_plans sp JOIN students s ON s.career_id = sp.career_id WHERE s.id = $1 ORDER BY sp.id DESC LIMIT 1))`;
