-- Read-only views of the spec (section 3): score details, main scores, student data, kardex,
-- pending and delivered documents, teacher load and schedules without scores. Each row has an
-- integer `id` unique within its view, so the generic Show (`{base}{id}/`) works on them.
-- Columns a list filters by (student, teacher, group, career, cycle, campus) are plain columns, or
-- grouping columns of the aggregated views, so PostgreSQL pushes those filters below the joins.

-- ScoreDetail: one row per captured (or pending) partial score.
CREATE VIEW "score_details" AS
SELECT
  sc."id",
  sc."student_id",
  st."no_control",
  st."names",
  st."first_name",
  st."second_name",
  concat_ws(' ', st."first_name", st."second_name", st."names") AS "full_name",
  sc."schedule_id",
  sch."teacher_id",
  sch."subject_id",
  sub."code" AS "subject_code",
  sub."description" AS "subject_description",
  sch."group_id",
  g."code" AS "group_code",
  g."grade",
  g."career_id",
  g."cicle_id",
  ci."campus_id",
  sc."partial_id",
  p."no" AS "partial_no",
  p."description" AS "partial_description",
  p."partial_type",
  sc."score",
  sc."is_np",
  sc."status",
  sc."updated_at"
FROM "scores" sc
JOIN "students" st ON st."id" = sc."student_id"
JOIN "schedules" sch ON sch."id" = sc."schedule_id"
JOIN "subjects" sub ON sub."id" = sch."subject_id"
JOIN "groups" g ON g."id" = sch."group_id"
JOIN "cicles" ci ON ci."id" = g."cicle_id"
JOIN "partials" p ON p."id" = sc."partial_id";

-- MainScore: a student's line in one schedule (subject of a group in a period): the ordinary
-- partials 1-4, extra (partial type X), T.S. (type T), the final and the score that counts
-- (`ref`: the best of final, extra and T.S., since a passed extra or T.S. replaces a failed final,
-- as in the kardex). The id is the student's lowest score id in that schedule: stable and unique.
-- Final: the captured "Final" partial (no 7) if any, else the average of the period's ordinary
-- partials once all are captured (NP counts 0), rounded half up to Setting.precision_cal.
-- Extra and T.S. fall back to a graded extraordinary request when no partial score holds them.
CREATE VIEW "main_scores" AS
SELECT
  m."id",
  m."student_id",
  m."no_control",
  m."names",
  m."first_name",
  m."second_name",
  m."full_name",
  m."schedule_id",
  m."teacher_id",
  m."subject_id",
  m."subject_code",
  m."subject_description",
  m."group_id",
  m."group_code",
  m."grade",
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
      st."no_control",
      st."names",
      st."first_name",
      st."second_name",
      concat_ws(' ', st."first_name", st."second_name", st."names") AS "full_name",
      sc."schedule_id",
      sch."teacher_id",
      sch."subject_id",
      sub."code" AS "subject_code",
      sub."description" AS "subject_description",
      sch."group_id",
      gr."code" AS "group_code",
      gr."grade",
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
    JOIN "students" st ON st."id" = sc."student_id"
    JOIN "schedules" sch ON sch."id" = sc."schedule_id"
    JOIN "subjects" sub ON sub."id" = sch."subject_id"
    JOIN "study_plans" sp ON sp."id" = sub."study_plan_id"
    JOIN "groups" gr ON gr."id" = sch."group_id"
    JOIN "cicles" ci ON ci."id" = gr."cicle_id"
    WHERE sc."status"
    GROUP BY
      sc."student_id", st."no_control", st."names", st."first_name", st."second_name",
      sc."schedule_id", sch."teacher_id", sch."subject_id", sub."code", sub."description",
      sch."group_id", gr."code", gr."grade", gr."career_id", gr."cicle_id", ci."campus_id", ci."partials",
      sp."min_approve"
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
) m;

-- StudentData: the student record flattened with its career, campus, group, periods, address,
-- catalogue names and emergency contact, for lists and exports that need no joins.
CREATE VIEW "student_data" AS
SELECT
  st."id",
  st."no_control",
  st."serial_number",
  st."names",
  st."first_name",
  st."second_name",
  concat_ws(' ', st."first_name", st."second_name", st."names") AS "full_name",
  st."genre",
  st."curp",
  st."rfc",
  st."birthday",
  st."age",
  st."email",
  st."telephone_code",
  st."telephone",
  st."is_active",
  st."is_regular",
  st."is_foreign",
  st."is_revalid",
  st."reentry",
  st."only_course",
  st."live_with_parents",
  st."status_id",
  stat."name" AS "status_name",
  civil."name" AS "civil_state_name",
  st."career_id",
  ca."code" AS "career_code",
  ca."name" AS "career_name",
  ca."campus_id",
  cam."name" AS "campus_name",
  st."current_group_id" AS "group_id",
  g."code" AS "group_code",
  g."grade",
  g."group" AS "group_letter",
  sh."description" AS "shift_name",
  st."cicle_id",
  ci."description" AS "cicle_description",
  st."cicle_start_id",
  cs."description" AS "cicle_start_description",
  nat."name" AS "nation_name",
  nat."nationality",
  pb."name" AS "place_birth_name",
  occ."description" AS "occupation_name",
  st."academic_origin_id",
  so."name" AS "school_origin_name",
  st."score_origin",
  ad."street",
  ad."no_external",
  ad."no_internal",
  ad."colony",
  ad."cp",
  city."name" AS "city_name",
  state."name" AS "state_name",
  ad."telephone_code" AS "home_telephone_code",
  ad."telephone" AS "home_telephone",
  ad."cellphone_code",
  ad."cellphone",
  ms."contact_name",
  ms."contact_phone",
  ms."contact_parent",
  ms."blood",
  ms."no_sse",
  st."user_id",
  u."username",
  st."created_at",
  st."updated_at"
FROM "students" st
LEFT JOIN "catalogs" stat ON stat."id" = st."status_id"
LEFT JOIN "catalogs" civil ON civil."id" = st."civil_state_id"
LEFT JOIN "careers" ca ON ca."id" = st."career_id"
LEFT JOIN "campuses" cam ON cam."id" = ca."campus_id"
LEFT JOIN "groups" g ON g."id" = st."current_group_id"
LEFT JOIN "shifts" sh ON sh."id" = g."shift_id"
LEFT JOIN "cicles" ci ON ci."id" = st."cicle_id"
LEFT JOIN "cicles" cs ON cs."id" = st."cicle_start_id"
LEFT JOIN "countries" nat ON nat."id" = st."nation_id"
LEFT JOIN "states" pb ON pb."id" = st."place_birth_id"
LEFT JOIN "occupations" occ ON occ."id" = st."occupation_id"
LEFT JOIN "school_origins" so ON so."id" = st."academic_origin_id"
LEFT JOIN "addresses" ad ON ad."id" = st."address_id"
LEFT JOIN "cities" city ON city."id" = ad."city_id"
LEFT JOIN "states" state ON state."id" = ad."state_id"
LEFT JOIN "medical_sheets" ms ON ms."id" = st."medical_sheet_id"
LEFT JOIN "users" u ON u."id" = st."user_id";

-- StudentKardex: one line per student and subject over every attempt: the ordinary result of the
-- latest period it was taken in, the latest extra and T.S. with their periods, and subjects
-- credited outside the group flow (student_subjects: revalidation, previous scores; `is_ts`
-- ones count as T.S.). `final_score` is the best attempt: a passed extra or T.S. replaces a
-- failed ordinary. Ids: 2 * subject_cicles.id or 2 * student_subjects.id + 1 (lowest attempt).
CREATE VIEW "student_kardex" AS
SELECT
  k."id",
  k."student_id",
  k."no_control",
  k."names",
  k."first_name",
  k."second_name",
  concat_ws(' ', k."first_name", k."second_name", k."names") AS "full_name",
  k."career_id",
  k."campus_id",
  k."study_plan_id",
  k."subject_id",
  k."grade",
  k."code",
  k."description",
  k."credit",
  k."order",
  k."cicle_id",
  c1."description" AS "cicle_description",
  k."group_id",
  k."score",
  k."subject_type",
  k."extra_cicle_id",
  c2."description" AS "extra_cicle_description",
  k."extra_score",
  k."ts_cicle_id",
  c3."description" AS "ts_cicle_description",
  k."ts_score",
  GREATEST(k."score", k."extra_score", k."ts_score") AS "final_score",
  GREATEST(k."score", k."extra_score", k."ts_score") >= COALESCE(k."plan_min_approve", (SELECT s."min_approve" FROM "settings" s ORDER BY s."id" LIMIT 1), 6) AS "approved",
  k."is_revalid",
  k."attempts"
FROM (
  SELECT
    MIN(a."key") AS "id",
    a."student_id",
    st."no_control",
    st."names",
    st."first_name",
    st."second_name",
    st."career_id",
    ca."campus_id",
    sub."study_plan_id",
    a."subject_id",
    sub."grade",
    sub."code",
    sub."description",
    sub."credit",
    sub."order",
    sp."min_approve" AS "plan_min_approve",
    (ARRAY_AGG(a."cicle_id" ORDER BY a."cicle_start" DESC NULLS LAST, a."key" DESC))[1] AS "cicle_id",
    (ARRAY_AGG(a."group_id" ORDER BY a."cicle_start" DESC NULLS LAST, a."key" DESC))[1] AS "group_id",
    (ARRAY_AGG(a."final_score" ORDER BY a."cicle_start" DESC NULLS LAST, a."key" DESC))[1] AS "score",
    (ARRAY_AGG(a."subject_type" ORDER BY a."cicle_start" DESC NULLS LAST, a."key" DESC))[1] AS "subject_type",
    (ARRAY_AGG(a."cicle_id" ORDER BY a."cicle_start" DESC NULLS LAST, a."key" DESC) FILTER (WHERE a."extra_score" IS NOT NULL))[1] AS "extra_cicle_id",
    (ARRAY_AGG(a."extra_score" ORDER BY a."cicle_start" DESC NULLS LAST, a."key" DESC) FILTER (WHERE a."extra_score" IS NOT NULL))[1] AS "extra_score",
    (ARRAY_AGG(a."cicle_id" ORDER BY a."cicle_start" DESC NULLS LAST, a."key" DESC) FILTER (WHERE a."ts_score" IS NOT NULL))[1] AS "ts_cicle_id",
    (ARRAY_AGG(a."ts_score" ORDER BY a."cicle_start" DESC NULLS LAST, a."key" DESC) FILTER (WHERE a."ts_score" IS NOT NULL))[1] AS "ts_score",
    BOOL_OR(a."is_revalid") AS "is_revalid",
    COUNT(*)::int AS "attempts"
  FROM (
    SELECT
      sc."id" * 2 AS "key",
      sc."student_id",
      sc."subject_id",
      sc."cicle_id",
      sc."group_id",
      c."start" AS "cicle_start",
      sc."final_score",
      sc."extra_score",
      sc."ts_score",
      sc."subject_type",
      false AS "is_revalid"
    FROM "subject_cicles" sc
    JOIN "cicles" c ON c."id" = sc."cicle_id"
    WHERE sc."status"
    UNION ALL
    SELECT
      ss."id" * 2 + 1,
      ss."student_id",
      ss."subject_id",
      ss."cicle_id",
      NULL,
      c."start",
      CASE WHEN ss."is_ts" THEN NULL ELSE ss."score" END,
      NULL,
      CASE WHEN ss."is_ts" THEN ss."score" END,
      ss."revalid_type",
      true
    FROM "student_subjects" ss
    LEFT JOIN "cicles" c ON c."id" = ss."cicle_id"
    WHERE ss."status"
  ) a
  JOIN "students" st ON st."id" = a."student_id"
  LEFT JOIN "careers" ca ON ca."id" = st."career_id"
  JOIN "subjects" sub ON sub."id" = a."subject_id"
  JOIN "study_plans" sp ON sp."id" = sub."study_plan_id"
  GROUP BY
    a."student_id", st."no_control", st."names", st."first_name", st."second_name", st."career_id",
    ca."campus_id", sub."study_plan_id", a."subject_id", sub."grade", sub."code", sub."description",
    sub."credit", sub."order", sp."min_approve"
) k
LEFT JOIN "cicles" c1 ON c1."id" = k."cicle_id"
LEFT JOIN "cicles" c2 ON c2."id" = k."extra_cicle_id"
LEFT JOIN "cicles" c3 ON c3."id" = k."ts_cicle_id";

-- PendingDocument: each mandatory document type an active student owes and has not delivered.
-- A type applies by category (students; revalid for revalidating students), nationality scope
-- (M, F or B) and career category (GENERAL applies to every career). A document handed in while
-- the person was an aspirant counts. Id: student id * 1000 + document type id (document types
-- are a short catalogue, well under 1000 entries).
CREATE VIEW "pending_documents" AS
SELECT
  st."id" * 1000 + dt."id" AS "id",
  st."id" AS "student_id",
  st."no_control",
  st."names",
  st."first_name",
  st."second_name",
  concat_ws(' ', st."first_name", st."second_name", st."names") AS "full_name",
  st."career_id",
  ca."name" AS "career_name",
  ca."campus_id",
  st."current_group_id" AS "group_id",
  g."code" AS "group_code",
  st."cicle_id",
  dt."id" AS "doc_type_id",
  dt."name" AS "doc_type_name",
  dt."category",
  dt."is_foreign"
FROM "students" st
LEFT JOIN "careers" ca ON ca."id" = st."career_id"
LEFT JOIN "groups" g ON g."id" = st."current_group_id"
JOIN "document_types" dt
  ON dt."mandatory" AND dt."status"
  AND (dt."category" = 'students' OR (dt."category" = 'revalid' AND st."is_revalid"))
  AND (dt."is_foreign" = 'B' OR (dt."is_foreign" = 'F' AND st."is_foreign") OR (dt."is_foreign" = 'M' AND NOT st."is_foreign"))
  AND (dt."category_career" = 'GENERAL' OR dt."category_career" = ca."category_career")
WHERE st."is_active"
  AND NOT EXISTS (
    SELECT 1 FROM "student_documents" sd
    LEFT JOIN "aspirants" asp ON asp."id" = sd."aspirant_id"
    WHERE sd."doc_type_id" = dt."id" AND sd."status"
      AND (sd."student_id" = st."id" OR asp."student_id" = st."id")
  );

-- StudentDocumentView: the documents each student has handed in, with their type.
CREATE VIEW "student_document_view" AS
SELECT
  sd."id",
  sd."student_id",
  st."no_control",
  st."names",
  st."first_name",
  st."second_name",
  concat_ws(' ', st."first_name", st."second_name", st."names") AS "full_name",
  st."career_id",
  ca."campus_id",
  st."current_group_id" AS "group_id",
  st."cicle_id",
  sd."doc_type_id",
  dt."name" AS "doc_type_name",
  dt."mandatory",
  dt."multiple",
  dt."category",
  sd."document",
  sd."notes",
  sd."archived",
  sd."date_limit",
  sd."status",
  sd."created_at",
  sd."updated_at"
FROM "student_documents" sd
JOIN "students" st ON st."id" = sd."student_id"
JOIN "document_types" dt ON dt."id" = sd."doc_type_id"
LEFT JOIN "careers" ca ON ca."id" = st."career_id";

-- TeacherLoad: each schedule a teacher gives (carga académica), with its group, subject, the
-- period's hours and the weekly class time from its schedule hours.
CREATE VIEW "teacher_load" AS
SELECT
  sch."id",
  sch."id" AS "schedule_id",
  sch."teacher_id",
  t."code" AS "teacher_code",
  t."names",
  t."first_name",
  t."second_name",
  concat_ws(' ', t."first_name", t."second_name", t."names") AS "full_name",
  g."cicle_id",
  ci."description" AS "cicle_description",
  ci."campus_id",
  g."career_id",
  ca."name" AS "career_name",
  sch."group_id",
  g."code" AS "group_code",
  g."grade",
  sh."description" AS "shift_name",
  sch."subject_id",
  sub."code" AS "subject_code",
  sub."description" AS "subject_description",
  sch."hours",
  sub."week_hrs",
  h."week_minutes",
  ROUND(h."week_minutes" / 60.0, 2) AS "week_hours",
  h."slots",
  sch."is_modular",
  sch."is_recover",
  sch."date_from",
  sch."date_to",
  sch."status"
FROM "schedules" sch
JOIN "teachers" t ON t."id" = sch."teacher_id"
JOIN "groups" g ON g."id" = sch."group_id"
JOIN "cicles" ci ON ci."id" = g."cicle_id"
JOIN "subjects" sub ON sub."id" = sch."subject_id"
LEFT JOIN "careers" ca ON ca."id" = g."career_id"
LEFT JOIN "shifts" sh ON sh."id" = g."shift_id"
CROSS JOIN LATERAL (
  SELECT COALESCE(SUM(hr."total_minutes"), 0)::int AS "week_minutes", COUNT(*)::int AS "slots"
  FROM "schedule_hours" hr
  WHERE hr."schedule_id" = sch."id" AND hr."status"
) h;

-- TeacherWithoutScore: for each ordinary partial of the period (1 to Cicle.partials), the active
-- schedules with enrolled students whose teacher has captured no score (a number or NP) yet.
-- Id: schedule id * 10 + partial number.
CREATE VIEW "teacher_without_scores" AS
SELECT
  sch."id" * 10 + p."no" AS "id",
  sch."id" AS "schedule_id",
  p."id" AS "partial_id",
  p."no" AS "partial_no",
  p."description" AS "partial_description",
  p."start_eval",
  p."end_eval",
  p."is_current",
  p."allow_scores",
  sch."teacher_id",
  t."code" AS "teacher_code",
  t."names",
  t."first_name",
  t."second_name",
  concat_ws(' ', t."first_name", t."second_name", t."names") AS "full_name",
  t."email" AS "teacher_email",
  sch."group_id",
  g."code" AS "group_code",
  g."grade",
  g."career_id",
  g."cicle_id",
  ci."campus_id",
  sch."subject_id",
  sub."code" AS "subject_code",
  sub."description" AS "subject_description",
  e."students"
FROM "schedules" sch
JOIN "teachers" t ON t."id" = sch."teacher_id"
JOIN "groups" g ON g."id" = sch."group_id"
JOIN "cicles" ci ON ci."id" = g."cicle_id"
JOIN "subjects" sub ON sub."id" = sch."subject_id"
JOIN "partials" p ON p."cicle_id" = g."cicle_id" AND p."partial_type" = 'O' AND p."no" <= ci."partials" AND p."status"
CROSS JOIN LATERAL (
  SELECT COUNT(*)::int AS "students"
  FROM "student_groups" sg
  WHERE sg."group_id" = sch."group_id" AND sg."status" AND (sg."subject_id" IS NULL OR sg."subject_id" = sch."subject_id")
) e
WHERE sch."status"
  AND e."students" > 0
  AND NOT EXISTS (
    SELECT 1 FROM "scores" s
    WHERE s."schedule_id" = sch."id" AND s."partial_id" = p."id" AND (s."score" IS NOT NULL OR s."is_np")
  );
