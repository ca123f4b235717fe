-- CreateTable
CREATE TABLE "capture_changes" (
    "id" SERIAL NOT NULL,
    "key" VARCHAR(64) NOT NULL,
    "user_id" INTEGER NOT NULL,
    "schedule_id" INTEGER NOT NULL,
    "partial_id" INTEGER NOT NULL,
    "answer" JSONB NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "capture_changes_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "capture_changes_schedule_id_partial_id_idx" ON "capture_changes"("schedule_id", "partial_id");

-- CreateIndex
CREATE UNIQUE INDEX "capture_changes_user_id_key_key" ON "capture_changes"("user_id", "key");
