-- AlterTable
ALTER TABLE "settings" ADD COLUMN     "reference_algorithm" VARCHAR(30) NOT NULL DEFAULT 'base97',
ADD COLUMN     "reference_base_year" INTEGER NOT NULL DEFAULT 2014,
ADD COLUMN     "reference_days" INTEGER NOT NULL DEFAULT 10;
