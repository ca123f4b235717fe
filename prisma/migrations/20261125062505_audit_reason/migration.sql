-- AlterTable
ALTER TABLE "audit_logs" ADD COLUMN     "reason" VARCHAR(500) NOT NULL DEFAULT '';
