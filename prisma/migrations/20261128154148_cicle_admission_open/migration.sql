-- AlterTable
ALTER TABLE "cicles" ADD COLUMN     "admission_open" BOOLEAN NOT NULL DEFAULT false;

-- Until now an applicant signed up for their campus's active period: those stay open for admission,
-- so the portal keeps working after the upgrade; staff open and close the others.
UPDATE "cicles" SET "admission_open" = true WHERE "is_active" AND "status";
