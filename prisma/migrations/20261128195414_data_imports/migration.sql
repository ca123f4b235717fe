-- CreateEnum
CREATE TYPE "ImportStatus" AS ENUM ('UPLOADED', 'RUNNING', 'CHECKED', 'IMPORTED', 'REFUSED', 'FAILED');

-- CreateTable
CREATE TABLE "data_imports" (
    "id" SERIAL NOT NULL,
    "importer" VARCHAR(40) NOT NULL,
    "file_name" VARCHAR(200) NOT NULL,
    "file_path" VARCHAR(500) NOT NULL,
    "total_rows" INTEGER NOT NULL DEFAULT 0,
    "status" "ImportStatus" NOT NULL DEFAULT 'UPLOADED',
    "dry_run" BOOLEAN NOT NULL DEFAULT false,
    "mapping" JSONB,
    "created" INTEGER NOT NULL DEFAULT 0,
    "updated" INTEGER NOT NULL DEFAULT 0,
    "unchanged" INTEGER NOT NULL DEFAULT 0,
    "refused" INTEGER NOT NULL DEFAULT 0,
    "errors" JSONB,
    "report_path" VARCHAR(500),
    "user_id" INTEGER,
    "finished_at" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "data_imports_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "import_mappings" (
    "id" SERIAL NOT NULL,
    "importer" VARCHAR(40) NOT NULL,
    "mapping" JSONB NOT NULL,
    "user_id" INTEGER,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "import_mappings_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "data_imports_importer_idx" ON "data_imports"("importer");

-- CreateIndex
CREATE INDEX "data_imports_user_id_idx" ON "data_imports"("user_id");

-- CreateIndex
CREATE UNIQUE INDEX "import_mappings_importer_key" ON "import_mappings"("importer");

-- CreateIndex
CREATE INDEX "import_mappings_user_id_idx" ON "import_mappings"("user_id");

-- AddForeignKey
ALTER TABLE "data_imports" ADD CONSTRAINT "data_imports_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "import_mappings" ADD CONSTRAINT "import_mappings_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;
