-- DropIndex
DROP INDEX "students_career_id_idx";

-- CreateIndex
CREATE INDEX "students_career_id_first_name_second_name_names_id_search_t_idx" ON "students"("career_id", "first_name", "second_name", "names", "id", "search_text");
