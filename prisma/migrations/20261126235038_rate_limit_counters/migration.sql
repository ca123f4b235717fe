-- CreateTable
-- UNLOGGED: the API's rate-limit counters are rewritten about once a second by every app instance
-- and are worth nothing after a minute; skipping the write-ahead log makes those writes cheap. A
-- crash empties the table (PostgreSQL truncates unlogged tables on recovery), which only forgets
-- the current minute's counts. Replicas and backups do not carry it.
CREATE UNLOGGED TABLE "rate_limit_counters" (
    "key" VARCHAR(200) NOT NULL,
    "window_start" TIMESTAMPTZ(3) NOT NULL,
    "count" INTEGER NOT NULL,

    CONSTRAINT "rate_limit_counters_pkey" PRIMARY KEY ("key","window_start")
);
