-- Hand-written migration
-- Profesor › Mis resultados (teacher-results) is a new screen: the roles that hold a teacher's
-- classes (the "teacher-classes" route, as the seeded Docente role does) get it, so teachers find
-- their evaluations' results next to their classes. Other roles get it by being edited.
UPDATE "roles"
   SET "routes" = "routes" || '["teacher-results"]'::jsonb
 WHERE jsonb_typeof("routes") = 'array'
   AND "routes" @> '["teacher-classes"]'::jsonb
   AND NOT "routes" @> '["teacher-results"]'::jsonb;
