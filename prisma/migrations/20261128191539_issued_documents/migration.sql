-- CreateEnum
CREATE TYPE "DocumentKind" AS ENUM ('CONSTANCIA', 'BOLETA', 'CERTIFICADO');

-- CreateEnum
CREATE TYPE "IssuedDocumentStatus" AS ENUM ('ISSUED', 'REVOKED');

-- CreateTable
CREATE TABLE "issued_document_types" (
    "id" SERIAL NOT NULL,
    "code" VARCHAR(30) NOT NULL,
    "name" VARCHAR(150) NOT NULL,
    "kind" "DocumentKind" NOT NULL,
    "template" TEXT NOT NULL,
    "signer_name" VARCHAR(200) NOT NULL,
    "signer_position" VARCHAR(200) NOT NULL,
    "folio_prefix" VARCHAR(10) NOT NULL,
    "last_folio" INTEGER NOT NULL DEFAULT 0,
    "concept_code" VARCHAR(20),
    "status" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "issued_document_types_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "issued_documents" (
    "id" SERIAL NOT NULL,
    "type_id" INTEGER NOT NULL,
    "folio" VARCHAR(30) NOT NULL,
    "folio_number" INTEGER NOT NULL,
    "token" VARCHAR(32) NOT NULL,
    "student_id" INTEGER NOT NULL,
    "cicle_id" INTEGER,
    "purpose" VARCHAR(200),
    "data" TEXT NOT NULL,
    "data_sha256" CHAR(64) NOT NULL,
    "seal" TEXT NOT NULL,
    "cert_number" VARCHAR(20) NOT NULL,
    "certificate" TEXT NOT NULL,
    "pdf_path" VARCHAR(500) NOT NULL,
    "pdf_sha256" CHAR(64) NOT NULL,
    "pdf_size" INTEGER NOT NULL,
    "issued_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "issued_by_id" INTEGER,
    "status" "IssuedDocumentStatus" NOT NULL DEFAULT 'ISSUED',
    "revoked_at" TIMESTAMP(3),
    "revoke_reason" VARCHAR(500),
    "revoked_by_id" INTEGER,
    "replaces_id" INTEGER,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "issued_documents_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "issued_document_types_code_key" ON "issued_document_types"("code");

-- CreateIndex
CREATE UNIQUE INDEX "issued_document_types_folio_prefix_key" ON "issued_document_types"("folio_prefix");

-- CreateIndex
CREATE UNIQUE INDEX "issued_documents_folio_key" ON "issued_documents"("folio");

-- CreateIndex
CREATE UNIQUE INDEX "issued_documents_token_key" ON "issued_documents"("token");

-- CreateIndex
CREATE UNIQUE INDEX "issued_documents_replaces_id_key" ON "issued_documents"("replaces_id");

-- CreateIndex
CREATE INDEX "issued_documents_student_id_idx" ON "issued_documents"("student_id");

-- CreateIndex
CREATE INDEX "issued_documents_cicle_id_idx" ON "issued_documents"("cicle_id");

-- CreateIndex
CREATE INDEX "issued_documents_pdf_sha256_idx" ON "issued_documents"("pdf_sha256");

-- CreateIndex
CREATE INDEX "issued_documents_issued_at_idx" ON "issued_documents"("issued_at");

-- CreateIndex
CREATE UNIQUE INDEX "issued_documents_type_id_folio_number_key" ON "issued_documents"("type_id", "folio_number");

-- AddForeignKey
ALTER TABLE "issued_documents" ADD CONSTRAINT "issued_documents_type_id_fkey" FOREIGN KEY ("type_id") REFERENCES "issued_document_types"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "issued_documents" ADD CONSTRAINT "issued_documents_student_id_fkey" FOREIGN KEY ("student_id") REFERENCES "students"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "issued_documents" ADD CONSTRAINT "issued_documents_cicle_id_fkey" FOREIGN KEY ("cicle_id") REFERENCES "cicles"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "issued_documents" ADD CONSTRAINT "issued_documents_issued_by_id_fkey" FOREIGN KEY ("issued_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "issued_documents" ADD CONSTRAINT "issued_documents_revoked_by_id_fkey" FOREIGN KEY ("revoked_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "issued_documents" ADD CONSTRAINT "issued_documents_replaces_id_fkey" FOREIGN KEY ("replaces_id") REFERENCES "issued_documents"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
