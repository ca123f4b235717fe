-- CreateTable
CREATE TABLE "control_number_sequences" (
    "base" VARCHAR(20) NOT NULL,
    "last_serial" INTEGER NOT NULL,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "control_number_sequences_pkey" PRIMARY KEY ("base")
);
