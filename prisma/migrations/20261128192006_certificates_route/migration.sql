-- Hand-written migration
-- Control Escolar › Certificados electrónicos (scholar-certificates) is a new screen: the roles that
-- make electronic titles (the "scholar-titles" route, as the seeded Control Escolar role does) get
-- it, so staff who title students also certify their studies. Other roles get it by being edited.
UPDATE "roles"
   SET "routes" = "routes" || '["scholar-certificates"]'::jsonb
 WHERE jsonb_typeof("routes") = 'array'
   AND "routes" @> '["scholar-titles"]'::jsonb
   AND NOT "routes" @> '["scholar-certificates"]'::jsonb;
