-- CreateEnum
CREATE TYPE "CertificateStatus" AS ENUM ('DRAFT', 'SIGNED', 'CANCELLED');

-- CreateEnum
CREATE TYPE "CertificateType" AS ENUM ('TOTAL', 'PARCIAL');

-- AlterTable
ALTER TABLE "careers" ADD COLUMN     "rvoe_date" DATE;

-- AlterTable
ALTER TABLE "study_plans" ADD COLUMN     "sep_level_id" VARCHAR(5),
ADD COLUMN     "sep_period_type" VARCHAR(5),
ADD COLUMN     "sep_plan_key" VARCHAR(20);

-- AlterTable
ALTER TABLE "subjects" ADD COLUMN     "sep_subject_id" VARCHAR(10),
ADD COLUMN     "sep_subject_type" VARCHAR(5);

-- AlterTable
ALTER TABLE "settings" ADD COLUMN     "certificate_signer_id" INTEGER,
ADD COLUMN     "sep_campus_key" VARCHAR(10) NOT NULL DEFAULT '',
ADD COLUMN     "sep_issue_place" VARCHAR(2) NOT NULL DEFAULT '',
ADD COLUMN     "sep_signer_entity" VARCHAR(10) NOT NULL DEFAULT '',
ADD COLUMN     "sep_state_id" VARCHAR(2) NOT NULL DEFAULT '';

-- CreateTable
CREATE TABLE "studies_certificates" (
    "id" SERIAL NOT NULL,
    "folio_control" VARCHAR(40) NOT NULL,
    "type" "CertificateType" NOT NULL,
    "status" "CertificateStatus" NOT NULL DEFAULT 'DRAFT',
    "student_id" INTEGER NOT NULL,
    "career_id" INTEGER,
    "study_plan_id" INTEGER,
    "signer_id" INTEGER,
    "user_id" INTEGER,
    "job_id" INTEGER,
    "issued_at" TIMESTAMP(3),
    "subjects" INTEGER NOT NULL DEFAULT 0,
    "total" INTEGER NOT NULL DEFAULT 0,
    "average" DECIMAL(5,2),
    "xml" TEXT,
    "seal" TEXT,
    "cert_no" VARCHAR(20),
    "cancel_reason" TEXT,
    "cancelled_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "studies_certificates_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "studies_certificates_folio_control_key" ON "studies_certificates"("folio_control");

-- CreateIndex
CREATE INDEX "studies_certificates_student_id_idx" ON "studies_certificates"("student_id");

-- CreateIndex
CREATE INDEX "studies_certificates_status_type_idx" ON "studies_certificates"("status", "type");

-- CreateIndex
CREATE INDEX "studies_certificates_job_id_idx" ON "studies_certificates"("job_id");

-- CreateIndex
CREATE INDEX "studies_certificates_career_id_idx" ON "studies_certificates"("career_id");

-- CreateIndex
CREATE INDEX "studies_certificates_study_plan_id_idx" ON "studies_certificates"("study_plan_id");

-- CreateIndex
CREATE INDEX "studies_certificates_signer_id_idx" ON "studies_certificates"("signer_id");

-- CreateIndex
CREATE INDEX "studies_certificates_user_id_idx" ON "studies_certificates"("user_id");

-- CreateIndex
CREATE INDEX "settings_certificate_signer_id_idx" ON "settings"("certificate_signer_id");

-- AddForeignKey
ALTER TABLE "studies_certificates" ADD CONSTRAINT "studies_certificates_student_id_fkey" FOREIGN KEY ("student_id") REFERENCES "students"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "studies_certificates" ADD CONSTRAINT "studies_certificates_career_id_fkey" FOREIGN KEY ("career_id") REFERENCES "careers"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "studies_certificates" ADD CONSTRAINT "studies_certificates_study_plan_id_fkey" FOREIGN KEY ("study_plan_id") REFERENCES "study_plans"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "studies_certificates" ADD CONSTRAINT "studies_certificates_signer_id_fkey" FOREIGN KEY ("signer_id") REFERENCES "title_responsables"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "studies_certificates" ADD CONSTRAINT "studies_certificates_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "settings" ADD CONSTRAINT "settings_certificate_signer_id_fkey" FOREIGN KEY ("certificate_signer_id") REFERENCES "title_responsables"("id") ON DELETE SET NULL ON UPDATE CASCADE;
