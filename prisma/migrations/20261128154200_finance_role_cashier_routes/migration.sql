-- Hand-written migration
-- Issue 29: the Finanzas role does a cashier's whole job. Besides its own submenu it bills monthly
-- tuition (Inscr./Reins. › Pagos recurrentes), grants scholarships (Becas) and invoices (Facturación),
-- and opens the two new finance screens: the counter (Nueva venta) and the cash-up (Corte de caja).
-- The seeded role (short "finanzas") gets all of them; any other role that sells at the counter
-- (finance-sales) gets the two new screens next to it, as settings-audit came to settings.
UPDATE "roles" AS r
   SET "routes" = r."routes" || (
         SELECT COALESCE(jsonb_agg(route), '[]'::jsonb)
           FROM jsonb_array_elements_text('["finance-counter", "finance-cash_up", "permanence-recurrent", "scholarships-student_periods", "scholarships", "scholarships-catalogs", "invoices-catalogs"]'::jsonb) AS route
          WHERE NOT r."routes" @> jsonb_build_array(route))
 WHERE r."short" = 'finanzas'
   AND jsonb_typeof(r."routes") = 'array';

UPDATE "roles" AS r
   SET "routes" = r."routes" || (
         SELECT COALESCE(jsonb_agg(route), '[]'::jsonb)
           FROM jsonb_array_elements_text('["finance-counter", "finance-cash_up"]'::jsonb) AS route
          WHERE NOT r."routes" @> jsonb_build_array(route))
 WHERE jsonb_typeof(r."routes") = 'array'
   AND r."routes" @> '["finance-sales"]'::jsonb;
