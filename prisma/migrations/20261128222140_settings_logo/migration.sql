-- AlterTable
ALTER TABLE "settings" ADD COLUMN     "logo_path" VARCHAR(500);
