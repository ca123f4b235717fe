-- CreateIndex
CREATE INDEX "audit_logs_date_idx" ON "audit_logs"("date");

-- CreateIndex
CREATE INDEX "audit_logs_user_id_date_idx" ON "audit_logs"("user_id", "date");
