-- Hand-written migration
-- Configuración › Auditoría (settings-audit) is a new screen: the roles that administer the
-- system's settings (the "settings" route, as the seeded Administración role does) get it, so the
-- people who had the settings screen find the audit next to it. Other roles get it by being edited.
UPDATE "roles"
   SET "routes" = "routes" || '["settings-audit"]'::jsonb
 WHERE jsonb_typeof("routes") = 'array'
   AND "routes" @> '["settings"]'::jsonb
   AND NOT "routes" @> '["settings-audit"]'::jsonb;
