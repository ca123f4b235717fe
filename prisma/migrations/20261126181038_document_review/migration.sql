-- CreateEnum
CREATE TYPE "DocumentReview" AS ENUM ('PENDING', 'ACCEPTED', 'REJECTED');

-- CreateEnum
CREATE TYPE "ContactChannel" AS ENUM ('PHONE', 'EMAIL', 'WHATSAPP', 'VISIT', 'OTHER');

-- AlterTable
ALTER TABLE "student_comments" ADD COLUMN     "contact_channel" "ContactChannel";

-- AlterTable
ALTER TABLE "student_documents" ADD COLUMN     "lent_at" DATE,
ADD COLUMN     "review_notes" VARCHAR(500),
ADD COLUMN     "review_status" "DocumentReview" NOT NULL DEFAULT 'PENDING',
ADD COLUMN     "reviewed_at" TIMESTAMP(3);
