-- AlterTable
ALTER TABLE "settings" ADD COLUMN     "sep_institution_key" VARCHAR(10) NOT NULL DEFAULT '';
