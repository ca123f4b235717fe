-- PendingDocument: a document asked for again (rejected by staff's review) is pending again until
-- a new one is handed in; the columns stay as they were.
CREATE OR REPLACE VIEW "pending_documents" AS
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
    WHERE sd."doc_type_id" = dt."id" AND sd."status" AND sd."review_status" <> 'REJECTED'
      AND (sd."student_id" = st."id" OR asp."student_id" = st."id")
  );
