-- AlterTable
ALTER TABLE "settings" ADD COLUMN     "min_evaluations" INTEGER NOT NULL DEFAULT 5;
