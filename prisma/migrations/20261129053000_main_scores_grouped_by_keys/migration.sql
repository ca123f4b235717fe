-- main_scores groups each student's line in a schedule by keys only (student, schedule, teacher,
-- subject, group, career, period, campus) and joins the names after the grouping. It grouped by
-- the student's and the subject's names too, so every partial score of a period carried and
-- sorted those texts (spilling the sort to disk at the `huge` data set): the period's general
-- summary took 1.8 s of PostgreSQL time there (issue 33), about 0.8 s now. The names are
-- to-one joins by key, so a query that reads none of a table's columns skips that join. The
-- columns, their order and their values are the same.
CREATE OR REPLACE VIEW "main_scores" AS
SELECT
  m."id",
  m."student_id",
  st."no_control",
  st."names",
  st."first_name",
  st."second_name",
  concat_ws(' ', st."first_name", st."second_name", st."names") AS "full_name",
  m."schedule_id",
  m."teacher_id",
  m."subject_id",
  sub."code" AS "subject_code",
  sub."description" AS "subject_description",
  m."group_id",
  gr."code" AS "group_code",
  gr."grade",
  m."career_id",
  m."cicle_id",
  m."campus_id",
  m."ord_1",
  m."ord_2",
  m."ord_3",
  m."ord_4",
  m."has_np",
  m."extra",
  m."final",
  m."ts",
  GREATEST(m."final", m."extra", m."ts") AS "ref",
  GREATEST(m."final", m."extra", m."ts") >= m."min_approve" AS "approved"
FROM (
  SELECT
    g.*,
    COALESCE(g."extra_partial", x."extra") AS "extra",
    COALESCE(g."ts_partial", x."ts") AS "ts",
    COALESCE(
      g."final_captured",
      CASE WHEN g."captured" >= g."cicle_partials" THEN ROUND(g."average", COALESCE(cfg."precision_cal", 1)) END
    ) AS "final",
    COALESCE(g."plan_min_approve", cfg."min_approve", 6) AS "min_approve"
  FROM (
    SELECT
      MIN(sc."id") AS "id",
      sc."student_id",
      sc."schedule_id",
      sch."teacher_id",
      sch."subject_id",
      sch."group_id",
      gr."career_id",
      gr."cicle_id",
      ci."campus_id",
      ci."partials" AS "cicle_partials",
      sp."min_approve" AS "plan_min_approve",
      MAX(sc."score") FILTER (WHERE p."partial_type" = 'O' AND p."no" = 1) AS "ord_1",
      MAX(sc."score") FILTER (WHERE p."partial_type" = 'O' AND p."no" = 2) AS "ord_2",
      MAX(sc."score") FILTER (WHERE p."partial_type" = 'O' AND p."no" = 3) AS "ord_3",
      MAX(sc."score") FILTER (WHERE p."partial_type" = 'O' AND p."no" = 4) AS "ord_4",
      COALESCE(BOOL_OR(sc."is_np") FILTER (WHERE p."partial_type" = 'O' AND p."no" <= 4), false) AS "has_np",
      MAX(sc."score") FILTER (WHERE p."partial_type" = 'X') AS "extra_partial",
      MAX(sc."score") FILTER (WHERE p."partial_type" = 'T') AS "ts_partial",
      MAX(sc."score") FILTER (WHERE p."partial_type" = 'O' AND p."no" = 7) AS "final_captured",
      COUNT(*) FILTER (WHERE p."partial_type" = 'O' AND p."no" <= ci."partials" AND (sc."score" IS NOT NULL OR sc."is_np")) AS "captured",
      AVG(CASE WHEN sc."is_np" THEN 0 ELSE sc."score" END) FILTER (WHERE p."partial_type" = 'O' AND p."no" <= ci."partials") AS "average"
    FROM "scores" sc
    JOIN "partials" p ON p."id" = sc."partial_id"
    JOIN "schedules" sch ON sch."id" = sc."schedule_id"
    JOIN "subjects" sub ON sub."id" = sch."subject_id"
    JOIN "study_plans" sp ON sp."id" = sub."study_plan_id"
    JOIN "groups" gr ON gr."id" = sch."group_id"
    JOIN "cicles" ci ON ci."id" = gr."cicle_id"
    WHERE sc."status"
    GROUP BY
      sc."student_id", sc."schedule_id", sch."teacher_id", sch."subject_id", sch."group_id",
      gr."career_id", gr."cicle_id", ci."campus_id", ci."partials", sp."min_approve"
  ) g
  LEFT JOIN LATERAL (
    SELECT
      (ARRAY_AGG(e."score" ORDER BY e."id" DESC) FILTER (WHERE e."category" = 'X'))[1] AS "extra",
      (ARRAY_AGG(e."score" ORDER BY e."id" DESC) FILTER (WHERE e."category" = 'T'))[1] AS "ts"
    FROM "extraordinaries" e
    WHERE e."student_id" = g."student_id" AND e."schedule_id" = g."schedule_id"
      AND e."status" = 'GRADED' AND NOT e."is_deleted"
  ) x ON true
  LEFT JOIN (SELECT s."precision_cal", s."min_approve" FROM "settings" s ORDER BY s."id" LIMIT 1) cfg ON true
) m
-- The names are joined once per aggregated line, not carried through the grouping; a query that
-- reads none of a table's columns skips its join (each is to-one by key).
LEFT JOIN "students" st ON st."id" = m."student_id"
LEFT JOIN "subjects" sub ON sub."id" = m."subject_id"
LEFT JOIN "groups" gr ON gr."id" = m."group_id";
