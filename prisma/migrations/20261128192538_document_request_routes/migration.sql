-- Hand-written migration
-- Documents requested from the portal (issue 30). Portal › Mis documentos is a new screen of the
-- student portal: the roles that open the student's kardex (as the seeded Alumno role does) get it.
UPDATE "roles"
   SET "routes" = "routes" || '["portal-documents"]'::jsonb
 WHERE jsonb_typeof("routes") = 'array'
   AND "routes" @> '["portal-kardex"]'::jsonb
   AND NOT "routes" @> '["portal-documents"]'::jsonb;

-- Control Escolar › Solicitudes de documentos is a new screen: the roles that open the students'
-- records (as the seeded Control Escolar role does) get it. Other roles get it by being edited.
UPDATE "roles"
   SET "routes" = "routes" || '["scholar-document_requests"]'::jsonb
 WHERE jsonb_typeof("routes") = 'array'
   AND "routes" @> '["scholar-students"]'::jsonb
   AND NOT "routes" @> '["scholar-document_requests"]'::jsonb;
