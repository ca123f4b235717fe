-- AlterTable
ALTER TABLE "teachers" ADD COLUMN     "contract_hours" INTEGER;
