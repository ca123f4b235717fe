-- CreateEnum
CREATE TYPE "DocumentRequestStatus" AS ENUM ('PENDING_PAYMENT', 'PAID', 'ISSUED', 'DELIVERED', 'CANCELLED');

-- CreateTable
CREATE TABLE "document_requests" (
    "id" SERIAL NOT NULL,
    "student_id" INTEGER NOT NULL,
    "type_id" INTEGER NOT NULL,
    "cicle_id" INTEGER,
    "copies" INTEGER NOT NULL DEFAULT 1,
    "purpose" VARCHAR(200),
    "status" "DocumentRequestStatus" NOT NULL DEFAULT 'PENDING_PAYMENT',
    "sale_id" INTEGER,
    "unit_price" DECIMAL(12,2) NOT NULL DEFAULT 0,
    "total" DECIMAL(12,2) NOT NULL DEFAULT 0,
    "paid_at" TIMESTAMP(3),
    "issued_at" TIMESTAMP(3),
    "issued_by_id" INTEGER,
    "delivered_at" TIMESTAMP(3),
    "delivered_by_id" INTEGER,
    "cancelled_at" TIMESTAMP(3),
    "cancelled_by_id" INTEGER,
    "cancel_reason" VARCHAR(500),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "document_requests_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "document_request_documents" (
    "id" SERIAL NOT NULL,
    "request_id" INTEGER NOT NULL,
    "document_id" INTEGER NOT NULL,
    "copy" INTEGER NOT NULL,

    CONSTRAINT "document_request_documents_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "document_requests_sale_id_key" ON "document_requests"("sale_id");

-- CreateIndex
CREATE INDEX "document_requests_student_id_created_at_idx" ON "document_requests"("student_id", "created_at");

-- CreateIndex
CREATE INDEX "document_requests_status_type_id_idx" ON "document_requests"("status", "type_id");

-- CreateIndex
CREATE INDEX "document_requests_cicle_id_idx" ON "document_requests"("cicle_id");

-- CreateIndex
CREATE UNIQUE INDEX "document_request_documents_document_id_key" ON "document_request_documents"("document_id");

-- CreateIndex
CREATE UNIQUE INDEX "document_request_documents_request_id_copy_key" ON "document_request_documents"("request_id", "copy");

-- AddForeignKey
ALTER TABLE "document_requests" ADD CONSTRAINT "document_requests_student_id_fkey" FOREIGN KEY ("student_id") REFERENCES "students"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "document_requests" ADD CONSTRAINT "document_requests_type_id_fkey" FOREIGN KEY ("type_id") REFERENCES "issued_document_types"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "document_requests" ADD CONSTRAINT "document_requests_cicle_id_fkey" FOREIGN KEY ("cicle_id") REFERENCES "cicles"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "document_requests" ADD CONSTRAINT "document_requests_sale_id_fkey" FOREIGN KEY ("sale_id") REFERENCES "sales"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "document_requests" ADD CONSTRAINT "document_requests_issued_by_id_fkey" FOREIGN KEY ("issued_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "document_requests" ADD CONSTRAINT "document_requests_delivered_by_id_fkey" FOREIGN KEY ("delivered_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "document_requests" ADD CONSTRAINT "document_requests_cancelled_by_id_fkey" FOREIGN KEY ("cancelled_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "document_request_documents" ADD CONSTRAINT "document_request_documents_request_id_fkey" FOREIGN KEY ("request_id") REFERENCES "document_requests"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "document_request_documents" ADD CONSTRAINT "document_request_documents_document_id_fkey" FOREIGN KEY ("document_id") REFERENCES "issued_documents"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- Copies are 1 to 10 whatever writes the row (the API says so first, in the student's language).
ALTER TABLE "document_requests" ADD CONSTRAINT "document_requests_copies_check" CHECK ("copies" BETWEEN 1 AND 10);
