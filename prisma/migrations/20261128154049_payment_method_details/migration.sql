-- AlterTable
ALTER TABLE "payments" ADD COLUMN     "authorization_code" VARCHAR(100),
ADD COLUMN     "received" DECIMAL(12,2);
