-- AlterTable
ALTER TABLE "settings" ADD COLUMN     "csd_certificate" TEXT,
ADD COLUMN     "csd_key" TEXT,
ADD COLUMN     "csd_number" VARCHAR(20),
ADD COLUMN     "csd_password" VARCHAR(500),
ADD COLUMN     "csd_valid_from" TIMESTAMP(3),
ADD COLUMN     "csd_valid_to" TIMESTAMP(3),
ADD COLUMN     "expedition_place" VARCHAR(5) NOT NULL DEFAULT '',
ADD COLUMN     "invoice_serie" VARCHAR(25) NOT NULL DEFAULT 'A';
