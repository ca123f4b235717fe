-- Hand-written migration
-- The documents every school issues (issue 30), each with its template, signer and folio prefix;
-- the school edits their texts and signers under Control Escolar › Documentos emitidos. Placeholders
-- in braces are filled from the student's record when a document is issued.
INSERT INTO "issued_document_types" ("code", "name", "kind", "template", "signer_name", "signer_position", "folio_prefix", "updated_at")
VALUES
  ('CONSTANCIA', 'Constancia de estudios', 'CONSTANCIA',
   'Por medio de la presente se hace constar que {nombre}, con número de control {no_control}, está inscrito(a) en esta institución en el {grado}.º grado, grupo {grupo}, de la carrera {carrera}, durante el periodo escolar {periodo}. Se extiende la presente para {proposito}, el {fecha}.',
   'Lic. María Elena Vázquez Ortiz', 'Jefa del Departamento de Control Escolar', 'CON', CURRENT_TIMESTAMP),
  ('BOLETA', 'Boleta de calificaciones', 'BOLETA',
   'Calificaciones de {nombre}, con número de control {no_control}, alumno(a) del {grado}.º grado, grupo {grupo}, de la carrera {carrera}, en el periodo escolar {periodo}.',
   'Lic. María Elena Vázquez Ortiz', 'Jefa del Departamento de Control Escolar', 'BOL', CURRENT_TIMESTAMP),
  ('CERTIFICADO', 'Certificado de estudios', 'CERTIFICADO',
   'La institución certifica que {nombre}, con número de control {no_control}, cursó en la carrera {carrera} las asignaturas que se enlistan, con las calificaciones y los créditos que se indican. Promedio general: {promedio}. Créditos obtenidos: {creditos}.',
   'Dr. Roberto Sánchez Medina', 'Rector', 'CER', CURRENT_TIMESTAMP)
ON CONFLICT ("code") DO NOTHING;

-- Control Escolar › Documentos emitidos is a new screen: the roles that open the students' records
-- (as the seeded Control Escolar role does) get it. Other roles get it by being edited.
UPDATE "roles"
   SET "routes" = "routes" || '["scholar-issued_documents"]'::jsonb
 WHERE jsonb_typeof("routes") = 'array'
   AND "routes" @> '["scholar-students"]'::jsonb
   AND NOT "routes" @> '["scholar-issued_documents"]'::jsonb;
