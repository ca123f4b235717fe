-- Hand-written migration
-- Issue 31: Control Escolar brings a school's data in by itself (Herramientas › Importar): the
-- seeded role (short "control_escolar") gets the import screen's route.
UPDATE "roles" AS r
   SET "routes" = r."routes" || '["tools-import"]'::jsonb
 WHERE r."short" = 'control_escolar'
   AND jsonb_typeof(r."routes") = 'array'
   AND NOT r."routes" @> '["tools-import"]'::jsonb;
