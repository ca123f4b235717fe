-- CreateTable
CREATE TABLE "poll_completions" (
    "assignment_id" INTEGER NOT NULL,
    "student_id" INTEGER NOT NULL,
    "finished_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "poll_completions_pkey" PRIMARY KEY ("assignment_id","student_id")
);

-- CreateIndex
CREATE INDEX "poll_completions_student_id_idx" ON "poll_completions"("student_id");

-- AddForeignKey
ALTER TABLE "poll_completions" ADD CONSTRAINT "poll_completions_assignment_id_fkey" FOREIGN KEY ("assignment_id") REFERENCES "poll_assignments"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "poll_completions" ADD CONSTRAINT "poll_completions_student_id_fkey" FOREIGN KEY ("student_id") REFERENCES "students"("id") ON DELETE CASCADE ON UPDATE CASCADE;
