-- Hand-written migration
-- Issue 33: list pages show the rows of small, rarely changed tables as relations (a student's
-- career, period, shift, status, group). Each app instance keeps those rows in memory
-- (server/engine/lookup-cache.ts) and must forget a table's rows when anything changes it: an
-- instance's own calls, another instance, a job or a script. A statement-level trigger on each of
-- those tables sends the table's name on the `plantel_table_changed` channel; PostgreSQL delivers
-- it when the writing transaction commits (and not at all when it rolls back), once per table and
-- transaction however many statements wrote. The list of tables is CACHED_TABLES in that file.
CREATE OR REPLACE FUNCTION plantel_table_changed()
RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('plantel_table_changed', TG_TABLE_NAME);
  RETURN NULL;
END $$;

CREATE TRIGGER plantel_table_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "academic_deptos"
  FOR EACH STATEMENT EXECUTE FUNCTION plantel_table_changed();

CREATE TRIGGER plantel_table_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "campuses"
  FOR EACH STATEMENT EXECUTE FUNCTION plantel_table_changed();

CREATE TRIGGER plantel_table_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "careers"
  FOR EACH STATEMENT EXECUTE FUNCTION plantel_table_changed();

CREATE TRIGGER plantel_table_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "catalogs"
  FOR EACH STATEMENT EXECUTE FUNCTION plantel_table_changed();

CREATE TRIGGER plantel_table_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "cfdi_types"
  FOR EACH STATEMENT EXECUTE FUNCTION plantel_table_changed();

CREATE TRIGGER plantel_table_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "cicles"
  FOR EACH STATEMENT EXECUTE FUNCTION plantel_table_changed();

CREATE TRIGGER plantel_table_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "cities"
  FOR EACH STATEMENT EXECUTE FUNCTION plantel_table_changed();

CREATE TRIGGER plantel_table_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "clasifications"
  FOR EACH STATEMENT EXECUTE FUNCTION plantel_table_changed();

CREATE TRIGGER plantel_table_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "companies"
  FOR EACH STATEMENT EXECUTE FUNCTION plantel_table_changed();

CREATE TRIGGER plantel_table_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "concepts"
  FOR EACH STATEMENT EXECUTE FUNCTION plantel_table_changed();

CREATE TRIGGER plantel_table_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "countries"
  FOR EACH STATEMENT EXECUTE FUNCTION plantel_table_changed();

CREATE TRIGGER plantel_table_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "document_types"
  FOR EACH STATEMENT EXECUTE FUNCTION plantel_table_changed();

CREATE TRIGGER plantel_table_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "fiscal_regimes"
  FOR EACH STATEMENT EXECUTE FUNCTION plantel_table_changed();

CREATE TRIGGER plantel_table_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "groups"
  FOR EACH STATEMENT EXECUTE FUNCTION plantel_table_changed();

CREATE TRIGGER plantel_table_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "iedus"
  FOR EACH STATEMENT EXECUTE FUNCTION plantel_table_changed();

CREATE TRIGGER plantel_table_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "issued_document_types"
  FOR EACH STATEMENT EXECUTE FUNCTION plantel_table_changed();

CREATE TRIGGER plantel_table_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "occupations"
  FOR EACH STATEMENT EXECUTE FUNCTION plantel_table_changed();

CREATE TRIGGER plantel_table_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "partials"
  FOR EACH STATEMENT EXECUTE FUNCTION plantel_table_changed();

CREATE TRIGGER plantel_table_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "payment_forms"
  FOR EACH STATEMENT EXECUTE FUNCTION plantel_table_changed();

CREATE TRIGGER plantel_table_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "payment_methods"
  FOR EACH STATEMENT EXECUTE FUNCTION plantel_table_changed();

CREATE TRIGGER plantel_table_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "price_lists"
  FOR EACH STATEMENT EXECUTE FUNCTION plantel_table_changed();

CREATE TRIGGER plantel_table_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "prod_servs"
  FOR EACH STATEMENT EXECUTE FUNCTION plantel_table_changed();

CREATE TRIGGER plantel_table_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "school_origins"
  FOR EACH STATEMENT EXECUTE FUNCTION plantel_table_changed();

CREATE TRIGGER plantel_table_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "shifts"
  FOR EACH STATEMENT EXECUTE FUNCTION plantel_table_changed();

CREATE TRIGGER plantel_table_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "states"
  FOR EACH STATEMENT EXECUTE FUNCTION plantel_table_changed();

CREATE TRIGGER plantel_table_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "study_plans"
  FOR EACH STATEMENT EXECUTE FUNCTION plantel_table_changed();

CREATE TRIGGER plantel_table_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "subjects"
  FOR EACH STATEMENT EXECUTE FUNCTION plantel_table_changed();

CREATE TRIGGER plantel_table_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "termination_types"
  FOR EACH STATEMENT EXECUTE FUNCTION plantel_table_changed();

CREATE TRIGGER plantel_table_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "title_responsables"
  FOR EACH STATEMENT EXECUTE FUNCTION plantel_table_changed();

CREATE TRIGGER plantel_table_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "type_relations"
  FOR EACH STATEMENT EXECUTE FUNCTION plantel_table_changed();

CREATE TRIGGER plantel_table_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "type_vouchers"
  FOR EACH STATEMENT EXECUTE FUNCTION plantel_table_changed();

CREATE TRIGGER plantel_table_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "units"
  FOR EACH STATEMENT EXECUTE FUNCTION plantel_table_changed();
