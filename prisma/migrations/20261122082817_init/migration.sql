-- CreateSchema
CREATE SCHEMA IF NOT EXISTS "public";

-- CreateEnum
CREATE TYPE "CicleType" AS ENUM ('HALF', 'QUARTER');

-- CreateEnum
CREATE TYPE "PartialType" AS ENUM ('O', 'T', 'X');

-- CreateEnum
CREATE TYPE "TitleStatus" AS ENUM ('DRAFT', 'SIGNED', 'SENT', 'ACCEPTED', 'REJECTED', 'CANCELLED');

-- CreateEnum
CREATE TYPE "SaleCategory" AS ENUM ('G', 'I', 'R', 'C');

-- CreateEnum
CREATE TYPE "ShipType" AS ENUM ('C', 'I', 'R', 'RR');

-- CreateEnum
CREATE TYPE "BaseType" AS ENUM ('A', 'P');

-- CreateEnum
CREATE TYPE "AspirantStatus" AS ENUM ('PRE', 'REV', 'PEND', 'PAY', 'INS');

-- CreateEnum
CREATE TYPE "ReinscriptionStatus" AS ENUM ('Pending', 'Payment', 'Reinscription', 'Cancelled');

-- CreateEnum
CREATE TYPE "InvoiceStatus" AS ENUM ('PENDING', 'STAMPED', 'CANCEL_REQUESTED', 'CANCELLED', 'ERROR');

-- CreateEnum
CREATE TYPE "TaxFactorType" AS ENUM ('Tasa', 'Cuota', 'Exento');

-- CreateEnum
CREATE TYPE "PollAssignmentStatus" AS ENUM ('DRAFT', 'OPEN', 'CLOSED');

-- CreateEnum
CREATE TYPE "ExtraordinaryCategory" AS ENUM ('X', 'T');

-- CreateEnum
CREATE TYPE "ExtraordinaryStatus" AS ENUM ('REQ', 'PAID', 'APPROVED', 'GRADED', 'CANCELLED');

-- CreateEnum
CREATE TYPE "DocumentCategory" AS ENUM ('students', 'teachers', 'aspirants', 'revalid');

-- CreateEnum
CREATE TYPE "NationalityScope" AS ENUM ('M', 'F', 'B');

-- CreateTable
CREATE TABLE "campuses" (
    "id" SERIAL NOT NULL,
    "code" VARCHAR(20) NOT NULL,
    "name" VARCHAR(150) NOT NULL,
    "status" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "campuses_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "academic_deptos" (
    "id" SERIAL NOT NULL,
    "code" VARCHAR(20) NOT NULL,
    "name" VARCHAR(150) NOT NULL,
    "campus_id" INTEGER,
    "short" VARCHAR(30),
    "order" INTEGER NOT NULL DEFAULT 0,
    "status" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "academic_deptos_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "iedus" (
    "id" SERIAL NOT NULL,
    "description" VARCHAR(100) NOT NULL,
    "amount" DECIMAL(12,2) NOT NULL DEFAULT 0,
    "status" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "iedus_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "careers" (
    "id" SERIAL NOT NULL,
    "code" VARCHAR(20) NOT NULL,
    "suffix" VARCHAR(10),
    "name" VARCHAR(200) NOT NULL,
    "short" VARCHAR(50),
    "iedu_id" INTEGER,
    "campus_id" INTEGER NOT NULL,
    "department_id" INTEGER,
    "service" VARCHAR(100),
    "dependency" VARCHAR(150),
    "category_career" VARCHAR(30) NOT NULL DEFAULT 'GENERAL',
    "cve" VARCHAR(20),
    "zone" VARCHAR(20),
    "grades" INTEGER NOT NULL DEFAULT 9,
    "order" INTEGER NOT NULL DEFAULT 0,
    "age_from" INTEGER,
    "age_to" INTEGER,
    "valid_age" BOOLEAN NOT NULL DEFAULT false,
    "average" DECIMAL(5,2),
    "auth_id" INTEGER,
    "auth_name" VARCHAR(100),
    "rvoe" VARCHAR(50),
    "status" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "careers_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "cicles" (
    "id" SERIAL NOT NULL,
    "description" VARCHAR(100) NOT NULL,
    "start" DATE NOT NULL,
    "end" DATE NOT NULL,
    "cicle_in_year" INTEGER NOT NULL DEFAULT 1,
    "year" INTEGER NOT NULL,
    "is_active" BOOLEAN NOT NULL DEFAULT false,
    "partials" INTEGER NOT NULL DEFAULT 4,
    "campus_id" INTEGER NOT NULL,
    "cicle_name" VARCHAR(50),
    "cicle_type" "CicleType" NOT NULL DEFAULT 'HALF',
    "status" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "cicles_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "partials" (
    "id" SERIAL NOT NULL,
    "description" VARCHAR(50) NOT NULL,
    "start" DATE,
    "end" DATE,
    "start_eval" DATE,
    "end_eval" DATE,
    "partial_type" "PartialType" NOT NULL DEFAULT 'O',
    "notes" TEXT,
    "cicle_id" INTEGER NOT NULL,
    "is_current" BOOLEAN NOT NULL DEFAULT false,
    "no" INTEGER NOT NULL,
    "allow_scores" BOOLEAN NOT NULL DEFAULT false,
    "status" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "partials_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "study_plans" (
    "id" SERIAL NOT NULL,
    "code" VARCHAR(30) NOT NULL,
    "description" VARCHAR(200) NOT NULL,
    "career_id" INTEGER,
    "apply_date" DATE,
    "is_oficial" BOOLEAN NOT NULL DEFAULT true,
    "agreement" VARCHAR(150),
    "user_id" INTEGER,
    "notes" TEXT,
    "end_date" DATE,
    "alter_code" VARCHAR(30),
    "min_approve" DECIMAL(5,2),
    "apply_title" BOOLEAN NOT NULL DEFAULT true,
    "plan_type_id" INTEGER,
    "short_name" VARCHAR(50),
    "year" INTEGER,
    "is_course" BOOLEAN NOT NULL DEFAULT false,
    "status" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "study_plans_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "study_plan_documents" (
    "id" SERIAL NOT NULL,
    "study_plan_id" INTEGER NOT NULL,
    "notes" TEXT,
    "document_url" VARCHAR(500) NOT NULL,
    "user_id" INTEGER,
    "status" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "study_plan_documents_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "subjects" (
    "id" SERIAL NOT NULL,
    "code" VARCHAR(30) NOT NULL,
    "description" VARCHAR(200) NOT NULL,
    "study_plan_id" INTEGER NOT NULL,
    "grade" INTEGER NOT NULL,
    "hours" INTEGER NOT NULL DEFAULT 0,
    "week_hrs" INTEGER NOT NULL DEFAULT 0,
    "hours_prct" INTEGER NOT NULL DEFAULT 0,
    "credit" DECIMAL(6,2) NOT NULL DEFAULT 0,
    "order" INTEGER NOT NULL DEFAULT 0,
    "is_mandatory" BOOLEAN NOT NULL DEFAULT true,
    "is_modular" BOOLEAN NOT NULL DEFAULT false,
    "notes" TEXT,
    "is_serialized" BOOLEAN NOT NULL DEFAULT false,
    "status" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "subjects_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "subject_prerequisites" (
    "subject_id" INTEGER NOT NULL,
    "prerequisite_id" INTEGER NOT NULL,

    CONSTRAINT "subject_prerequisites_pkey" PRIMARY KEY ("subject_id","prerequisite_id")
);

-- CreateTable
CREATE TABLE "teachers" (
    "id" SERIAL NOT NULL,
    "names" VARCHAR(100) NOT NULL,
    "first_name" VARCHAR(100) NOT NULL,
    "second_name" VARCHAR(100),
    "genre" VARCHAR(10),
    "curp" VARCHAR(18),
    "rfc" VARCHAR(13),
    "birthday" DATE,
    "email" VARCHAR(254),
    "telephone" VARCHAR(20),
    "telephone_code" VARCHAR(5) NOT NULL DEFAULT '+52',
    "imss" VARCHAR(20),
    "place_birth_id" INTEGER,
    "photo_path" VARCHAR(500),
    "academic_level_id" INTEGER,
    "user_id" INTEGER,
    "civil_state_id" INTEGER,
    "code" VARCHAR(20) NOT NULL,
    "age" INTEGER,
    "address_id" INTEGER,
    "permit_no" VARCHAR(50),
    "is_foreign" BOOLEAN NOT NULL DEFAULT false,
    "nue" VARCHAR(30),
    "medical_sheet_id" INTEGER,
    "nation_id" INTEGER,
    "status" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "teachers_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "teacher_accounts" (
    "id" SERIAL NOT NULL,
    "teacher_id" INTEGER NOT NULL,
    "bank_name" VARCHAR(100) NOT NULL,
    "account_no" VARCHAR(20),
    "clabe" VARCHAR(18),
    "card_no" VARCHAR(19),
    "cost_by_hour" DECIMAL(12,2) NOT NULL DEFAULT 0,
    "status" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "teacher_accounts_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "teacher_careers" (
    "id" SERIAL NOT NULL,
    "teacher_id" INTEGER NOT NULL,
    "career_id" INTEGER NOT NULL,
    "is_coordinator" BOOLEAN NOT NULL DEFAULT false,
    "notes" TEXT,
    "status" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "teacher_careers_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "teacher_documents" (
    "id" SERIAL NOT NULL,
    "teacher_id" INTEGER NOT NULL,
    "doc_type_id" INTEGER NOT NULL,
    "document" VARCHAR(500) NOT NULL,
    "notes" TEXT,
    "archived" BOOLEAN NOT NULL DEFAULT false,
    "date_limit" DATE,
    "status" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "teacher_documents_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "teacher_experiences" (
    "id" SERIAL NOT NULL,
    "teacher_id" INTEGER NOT NULL,
    "company" VARCHAR(200) NOT NULL,
    "period" VARCHAR(100),
    "description" TEXT,
    "document_url" VARCHAR(500),
    "status" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "teacher_experiences_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "teacher_studies" (
    "id" SERIAL NOT NULL,
    "teacher_id" INTEGER NOT NULL,
    "study" VARCHAR(200) NOT NULL,
    "institution" VARCHAR(200),
    "period" VARCHAR(100),
    "document_url" VARCHAR(500),
    "status" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "teacher_studies_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "swear_careers" (
    "id" SERIAL NOT NULL,
    "student_id" INTEGER NOT NULL,
    "career_id" INTEGER,
    "cicle_id" INTEGER,
    "user_id" INTEGER,
    "score" DECIMAL(5,2),
    "credits" DECIMAL(8,2),
    "pending" INTEGER NOT NULL DEFAULT 0,
    "is_swear" BOOLEAN NOT NULL DEFAULT false,
    "date_apply" DATE,
    "has_title" BOOLEAN NOT NULL DEFAULT false,
    "notes" TEXT,
    "status" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "swear_careers_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "electronic_titles" (
    "id" SERIAL NOT NULL,
    "folio_control" VARCHAR(40) NOT NULL,
    "swear_id" INTEGER,
    "user_id" INTEGER,
    "no_control" VARCHAR(20) NOT NULL,
    "institution" VARCHAR(10),
    "institution_name" VARCHAR(200),
    "authorization_id" INTEGER,
    "career_id" INTEGER,
    "career_cve" VARCHAR(20),
    "career_name" VARCHAR(200),
    "career_start" DATE,
    "career_end" DATE,
    "rvoe" VARCHAR(50),
    "curp" VARCHAR(18),
    "names" VARCHAR(100),
    "first_name" VARCHAR(100),
    "second_name" VARCHAR(100),
    "email" VARCHAR(254),
    "exp_date" DATE,
    "modality_id" INTEGER,
    "test_date" DATE,
    "exemption_date" DATE,
    "social_service" BOOLEAN NOT NULL DEFAULT true,
    "legal_basis_id" INTEGER,
    "entity_id" INTEGER,
    "antecedent_institution" VARCHAR(200),
    "antecedent_type_id" INTEGER,
    "antecedent_entity_id" INTEGER,
    "antecedent_start" DATE,
    "antecedent_end" DATE,
    "antecedent_cedula" VARCHAR(20),
    "xml" TEXT,
    "batch_no" VARCHAR(50),
    "is_posted" BOOLEAN NOT NULL DEFAULT false,
    "notes" TEXT,
    "status" "TitleStatus" NOT NULL DEFAULT 'DRAFT',
    "is_active" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "electronic_titles_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "title_logs" (
    "id" SERIAL NOT NULL,
    "title_id" INTEGER NOT NULL,
    "user_id" INTEGER,
    "item_no" VARCHAR(50),
    "status" "TitleStatus" NOT NULL,
    "message" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "title_logs_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "title_responsables" (
    "id" SERIAL NOT NULL,
    "names" VARCHAR(100) NOT NULL,
    "first_name" VARCHAR(100) NOT NULL,
    "second_name" VARCHAR(100),
    "curp" VARCHAR(18) NOT NULL,
    "abr_title" VARCHAR(20) NOT NULL,
    "charge_id" INTEGER,
    "stamp" TEXT,
    "certificate" TEXT,
    "key" TEXT,
    "key_password" VARCHAR(500),
    "cert_no" VARCHAR(20),
    "status" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "title_responsables_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "courses" (
    "id" SERIAL NOT NULL,
    "code" VARCHAR(30) NOT NULL,
    "name" VARCHAR(200) NOT NULL,
    "short" VARCHAR(50),
    "career_id" INTEGER,
    "agreement" VARCHAR(150),
    "service" VARCHAR(100),
    "notes" TEXT,
    "status" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "courses_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "course_groups" (
    "id" SERIAL NOT NULL,
    "code" VARCHAR(30) NOT NULL,
    "shift_id" INTEGER,
    "cicle_id" INTEGER,
    "teacher_id" INTEGER,
    "course_id" INTEGER NOT NULL,
    "study_plan_id" INTEGER,
    "capacity" INTEGER NOT NULL DEFAULT 0,
    "status" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "course_groups_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "course_students" (
    "id" SERIAL NOT NULL,
    "group_id" INTEGER NOT NULL,
    "student_id" INTEGER NOT NULL,
    "score" DECIMAL(5,2),
    "status" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "course_students_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "auth_sessions" (
    "id" UUID NOT NULL,
    "user_id" INTEGER NOT NULL,
    "kind" VARCHAR(10) NOT NULL,
    "refresh_token_hash" VARCHAR(64),
    "expires_at" TIMESTAMP(3) NOT NULL,
    "revoked_at" TIMESTAMP(3),
    "last_used_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "user_agent" VARCHAR(300) NOT NULL DEFAULT '',
    "ip" VARCHAR(64) NOT NULL DEFAULT '',
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "auth_sessions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "login_throttles" (
    "username" VARCHAR(150) NOT NULL,
    "failures" INTEGER NOT NULL DEFAULT 0,
    "locked_until" TIMESTAMP(3),
    "last_failure" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "login_throttles_pkey" PRIMARY KEY ("username")
);

-- CreateTable
CREATE TABLE "audit_logs" (
    "id" BIGSERIAL NOT NULL,
    "resource" VARCHAR(60) NOT NULL,
    "record_id" VARCHAR(40) NOT NULL,
    "type" CHAR(1) NOT NULL,
    "user_id" INTEGER,
    "username" VARCHAR(150) NOT NULL DEFAULT '',
    "date" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "changes" JSONB NOT NULL DEFAULT '[]',

    CONSTRAINT "audit_logs_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "sales" (
    "id" SERIAL NOT NULL,
    "client" VARCHAR(200),
    "student_id" INTEGER,
    "aspirant_id" INTEGER,
    "cicle_id" INTEGER,
    "reference" VARCHAR(50),
    "user_id" INTEGER,
    "career_id" INTEGER,
    "amount" DECIMAL(12,2) NOT NULL DEFAULT 0,
    "discount" DECIMAL(12,2) NOT NULL DEFAULT 0,
    "iva" DECIMAL(6,4) NOT NULL DEFAULT 0.08,
    "subtotal" DECIMAL(12,2) NOT NULL DEFAULT 0,
    "rate" DECIMAL(12,4) NOT NULL DEFAULT 0,
    "dollars" DECIMAL(12,2) NOT NULL DEFAULT 0,
    "total_paid" DECIMAL(12,2) NOT NULL DEFAULT 0,
    "extra_discount" DECIMAL(12,2) NOT NULL DEFAULT 0,
    "category" "SaleCategory" NOT NULL DEFAULT 'G',
    "paid" BOOLEAN NOT NULL DEFAULT false,
    "notes" TEXT,
    "sale_date" DATE NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "paid_at" TIMESTAMP(3),
    "is_locked" BOOLEAN NOT NULL DEFAULT false,
    "cancel_at" TIMESTAMP(3),
    "cancel_notes" TEXT,
    "sale_type" VARCHAR(20),
    "from_shop" BOOLEAN NOT NULL DEFAULT false,
    "payment_method_id" INTEGER,
    "total_debt" DECIMAL(12,2) NOT NULL DEFAULT 0,
    "total_pay" DECIMAL(12,2) NOT NULL DEFAULT 0,
    "total_neto" DECIMAL(12,2) NOT NULL DEFAULT 0,
    "status" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "sales_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "sale_details" (
    "id" SERIAL NOT NULL,
    "sale_id" INTEGER NOT NULL,
    "concept_id" INTEGER,
    "description" VARCHAR(300) NOT NULL,
    "qty" INTEGER NOT NULL DEFAULT 1,
    "amount" DECIMAL(12,2) NOT NULL DEFAULT 0,
    "iva" DECIMAL(6,4) NOT NULL DEFAULT 0.08,
    "discount" DECIMAL(12,2) NOT NULL DEFAULT 0,
    "total" DECIMAL(12,2) NOT NULL DEFAULT 0,
    "notes" TEXT,
    "status" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "sale_details_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "payments" (
    "id" SERIAL NOT NULL,
    "sale_id" INTEGER NOT NULL,
    "amount" DECIMAL(12,2) NOT NULL,
    "method_id" INTEGER,
    "user_id" INTEGER,
    "notes" TEXT,
    "cancel_note" TEXT,
    "cancel_at" TIMESTAMP(3),
    "status" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "payments_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "references" (
    "id" SERIAL NOT NULL,
    "concept" VARCHAR(200),
    "amount" DECIMAL(12,2) NOT NULL,
    "bank_ref" VARCHAR(40) NOT NULL,
    "paid" BOOLEAN NOT NULL DEFAULT false,
    "paid_date" TIMESTAMP(3),
    "paid_ref" VARCHAR(100),
    "vigency" DATE NOT NULL,
    "client" VARCHAR(200),
    "notes" TEXT,
    "ref_sale_id" INTEGER,
    "is_deleted" BOOLEAN NOT NULL DEFAULT false,
    "cancel_note" TEXT,
    "cancel_at" TIMESTAMP(3),
    "status" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "references_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "concepts" (
    "id" SERIAL NOT NULL,
    "price_list_id" INTEGER NOT NULL,
    "code" VARCHAR(20) NOT NULL,
    "amount" DECIMAL(12,2) NOT NULL DEFAULT 0,
    "iva" DECIMAL(6,4) NOT NULL DEFAULT 0.08,
    "early_amount" DECIMAL(12,2),
    "description" VARCHAR(200) NOT NULL,
    "short_name" VARCHAR(50),
    "effect_date" DATE,
    "end_date" DATE,
    "notes" TEXT,
    "category_id" INTEGER,
    "recurrency_id" INTEGER,
    "shift_id" INTEGER,
    "surcharge_start_date" DATE,
    "surcharge_day" INTEGER,
    "surcharge_amount" DECIMAL(12,2) NOT NULL DEFAULT 0,
    "surcharge_by_day" BOOLEAN NOT NULL DEFAULT false,
    "surcharge_max_days" INTEGER NOT NULL DEFAULT 0,
    "surcharge_amount_by_day" DECIMAL(12,2) NOT NULL DEFAULT 0,
    "allow_web" BOOLEAN NOT NULL DEFAULT false,
    "is_inscription" BOOLEAN NOT NULL DEFAULT false,
    "status" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "concepts_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "concept_discounts" (
    "id" SERIAL NOT NULL,
    "concept_id" INTEGER NOT NULL,
    "career_id" INTEGER,
    "amount" DECIMAL(12,2) NOT NULL DEFAULT 0,
    "percentage" DECIMAL(6,4) NOT NULL DEFAULT 0,
    "effect_date" DATE,
    "end_date" DATE,
    "notes" TEXT,
    "grade" INTEGER,
    "status" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "concept_discounts_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "sale_discounts" (
    "id" SERIAL NOT NULL,
    "sale_id" INTEGER NOT NULL,
    "user_id" INTEGER,
    "discount" DECIMAL(12,2) NOT NULL DEFAULT 0,
    "percentage" DECIMAL(6,4) NOT NULL DEFAULT 0,
    "comment" TEXT,
    "cancel_note" TEXT,
    "cancel_at" TIMESTAMP(3),
    "status" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "sale_discounts_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "price_lists" (
    "id" SERIAL NOT NULL,
    "code" VARCHAR(20) NOT NULL,
    "is_general" BOOLEAN NOT NULL DEFAULT false,
    "description" VARCHAR(200) NOT NULL,
    "notes" TEXT,
    "effect_date" DATE,
    "end_date" DATE,
    "user_id" INTEGER,
    "campus_id" INTEGER,
    "status" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "price_lists_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "list_careers" (
    "id" SERIAL NOT NULL,
    "career_id" INTEGER NOT NULL,
    "price_list_id" INTEGER NOT NULL,
    "status" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "list_careers_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "exchange_rates" (
    "id" SERIAL NOT NULL,
    "rate" DECIMAL(12,4) NOT NULL,
    "date" DATE NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "status" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "exchange_rates_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "recurrents" (
    "id" SERIAL NOT NULL,
    "student_id" INTEGER NOT NULL,
    "cicle_id" INTEGER,
    "sale_id" INTEGER,
    "concept_id" INTEGER NOT NULL,
    "paid" BOOLEAN NOT NULL DEFAULT false,
    "limit_date" DATE NOT NULL,
    "month" INTEGER NOT NULL,
    "month_name" VARCHAR(20) NOT NULL,
    "year" INTEGER NOT NULL,
    "status" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "recurrents_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "scholarships" (
    "id" SERIAL NOT NULL,
    "ship_type" "ShipType" NOT NULL,
    "name" VARCHAR(150) NOT NULL,
    "description" TEXT,
    "approve" BOOLEAN NOT NULL DEFAULT false,
    "base_type" "BaseType" NOT NULL DEFAULT 'P',
    "base_amount" DECIMAL(12,2) NOT NULL DEFAULT 0,
    "score_min" DECIMAL(5,2),
    "concept_id" INTEGER,
    "career_id" INTEGER,
    "status" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "scholarships_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "student_ships" (
    "id" SERIAL NOT NULL,
    "student_id" INTEGER NOT NULL,
    "scholar_ship_id" INTEGER NOT NULL,
    "cicle_id" INTEGER,
    "created_by_id" INTEGER,
    "notes" TEXT,
    "limit_date" DATE,
    "is_determinated" BOOLEAN NOT NULL DEFAULT false,
    "finish_at" TIMESTAMP(3),
    "finish_by_id" INTEGER,
    "approve" BOOLEAN NOT NULL DEFAULT false,
    "cancel_note" TEXT,
    "status" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "student_ships_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "aspirants" (
    "id" SERIAL NOT NULL,
    "web_code" VARCHAR(20) NOT NULL,
    "web_pass" VARCHAR(255),
    "cicle_id" INTEGER,
    "names" VARCHAR(100) NOT NULL,
    "first_name" VARCHAR(100) NOT NULL,
    "second_name" VARCHAR(100),
    "genre" VARCHAR(10),
    "email" VARCHAR(254),
    "telephone" VARCHAR(20),
    "telephone_code" VARCHAR(5) NOT NULL DEFAULT '+52',
    "cellphone" VARCHAR(20),
    "cellphone_code" VARCHAR(5) NOT NULL DEFAULT '+52',
    "nation_id" INTEGER,
    "pending" BOOLEAN NOT NULL DEFAULT false,
    "curp" VARCHAR(18),
    "birthday" DATE,
    "status" "AspirantStatus" NOT NULL DEFAULT 'PRE',
    "notes_prev" VARCHAR(200),
    "career_id" INTEGER,
    "campus_id" INTEGER,
    "shift_id" INTEGER,
    "civil_state_id" INTEGER,
    "how_find_id" INTEGER,
    "occupation_id" INTEGER,
    "school_origin_id" INTEGER,
    "address_id" INTEGER,
    "notes" TEXT,
    "place_birth_id" INTEGER,
    "origin_state_id" INTEGER,
    "origin_country_id" INTEGER,
    "age" INTEGER,
    "live_with_parents" BOOLEAN NOT NULL DEFAULT true,
    "is_reentry" BOOLEAN NOT NULL DEFAULT false,
    "is_irregular" BOOLEAN NOT NULL DEFAULT false,
    "is_foreign" BOOLEAN NOT NULL DEFAULT false,
    "sale_id" INTEGER,
    "student_id" INTEGER,
    "user_id" INTEGER,
    "contact_name" VARCHAR(150),
    "contact_telephone" VARCHAR(20),
    "contact_type_id" INTEGER,
    "is_active" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "aspirants_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "school_origins" (
    "id" SERIAL NOT NULL,
    "name" VARCHAR(200) NOT NULL,
    "cct" VARCHAR(10),
    "subsystem" VARCHAR(100),
    "address_id" INTEGER,
    "colony" VARCHAR(150),
    "city_id" INTEGER,
    "cp" VARCHAR(5),
    "telephone" VARCHAR(20),
    "contact" VARCHAR(150),
    "status" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "school_origins_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "reinscriptions" (
    "id" SERIAL NOT NULL,
    "student_id" INTEGER NOT NULL,
    "user_id" INTEGER,
    "sale_id" INTEGER,
    "cicle_from_id" INTEGER,
    "cicle_to_id" INTEGER,
    "from_group_id" INTEGER,
    "to_group_id" INTEGER,
    "career_id" INTEGER,
    "pending_months" JSONB NOT NULL DEFAULT '[]',
    "pay_months" JSONB NOT NULL DEFAULT '[]',
    "pending" BOOLEAN NOT NULL DEFAULT false,
    "reinscribed" BOOLEAN NOT NULL DEFAULT false,
    "notes" TEXT,
    "reinscription_status" "ReinscriptionStatus" NOT NULL DEFAULT 'Pending',
    "cancel_note" TEXT,
    "status" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "reinscriptions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "invoices" (
    "id" SERIAL NOT NULL,
    "fiscal_rfc" VARCHAR(13) NOT NULL,
    "fiscal_social_reason" VARCHAR(300) NOT NULL,
    "type_voucher_id" INTEGER,
    "fiscal_regime_id" INTEGER,
    "rfc" VARCHAR(13) NOT NULL,
    "social_reason" VARCHAR(300) NOT NULL,
    "cfdi_type_id" INTEGER,
    "receiver_regime_id" INTEGER,
    "expedition_date" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "postal_code" VARCHAR(5) NOT NULL,
    "expedition_place" VARCHAR(5),
    "coin_type" VARCHAR(3) NOT NULL DEFAULT 'MX',
    "payment_form_id" INTEGER,
    "payment_method_id" INTEGER,
    "serie" VARCHAR(25),
    "folio" VARCHAR(40),
    "conditions" VARCHAR(1000),
    "subtotal" DECIMAL(12,2) NOT NULL DEFAULT 0,
    "descuento" DECIMAL(12,2) NOT NULL DEFAULT 0,
    "total" DECIMAL(12,2) NOT NULL DEFAULT 0,
    "isp_transfer" DECIMAL(12,2) NOT NULL DEFAULT 0,
    "isp_retention" DECIMAL(12,2) NOT NULL DEFAULT 0,
    "type_relation_id" INTEGER,
    "related_uuids" JSONB NOT NULL DEFAULT '[]',
    "xml" TEXT,
    "uuid" VARCHAR(36),
    "stamped_at" TIMESTAMP(3),
    "pac_message" TEXT,
    "cancel_reason" VARCHAR(2),
    "cancel_substitute_uuid" VARCHAR(36),
    "status" "InvoiceStatus" NOT NULL DEFAULT 'PENDING',
    "is_deleted" BOOLEAN NOT NULL DEFAULT false,
    "user_id" INTEGER,
    "sale_id" INTEGER,
    "notes" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "invoices_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "invoice_concepts" (
    "id" SERIAL NOT NULL,
    "invoice_id" INTEGER NOT NULL,
    "prod_serv_id" INTEGER NOT NULL,
    "unit_id" INTEGER NOT NULL,
    "no_identification" VARCHAR(100),
    "description" VARCHAR(1000) NOT NULL,
    "qty" DECIMAL(12,4) NOT NULL DEFAULT 1,
    "unit_value" DECIMAL(12,2) NOT NULL,
    "amount" DECIMAL(12,2) NOT NULL,
    "discount" DECIMAL(12,2) NOT NULL DEFAULT 0,
    "object_imp" VARCHAR(2) NOT NULL DEFAULT '02',
    "iedu" JSONB,
    "status" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "invoice_concepts_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "invoice_taxes" (
    "id" SERIAL NOT NULL,
    "invoice_concept_id" INTEGER NOT NULL,
    "tax" VARCHAR(3) NOT NULL,
    "factor_type" "TaxFactorType" NOT NULL DEFAULT 'Tasa',
    "rate" DECIMAL(8,6),
    "base" DECIMAL(12,2) NOT NULL,
    "amount" DECIMAL(12,2),
    "is_retention" BOOLEAN NOT NULL DEFAULT false,
    "status" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "invoice_taxes_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "invoice_data" (
    "id" SERIAL NOT NULL,
    "rfc" VARCHAR(13) NOT NULL,
    "social_reason" VARCHAR(300) NOT NULL,
    "address" VARCHAR(300),
    "email" VARCHAR(254),
    "student_id" INTEGER,
    "postal_code" VARCHAR(5),
    "fiscal_regime_id" INTEGER,
    "cfdi_type_id" INTEGER,
    "status" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "invoice_data_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "cfdi_types" (
    "id" SERIAL NOT NULL,
    "code" VARCHAR(5) NOT NULL,
    "description" VARCHAR(300) NOT NULL,
    "natural" BOOLEAN NOT NULL DEFAULT true,
    "moral" BOOLEAN NOT NULL DEFAULT true,
    "regimes" JSONB NOT NULL DEFAULT '[]',
    "status" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "cfdi_types_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "fiscal_regimes" (
    "id" SERIAL NOT NULL,
    "code" VARCHAR(3) NOT NULL,
    "description" VARCHAR(300) NOT NULL,
    "natural" BOOLEAN NOT NULL DEFAULT true,
    "moral" BOOLEAN NOT NULL DEFAULT true,
    "status" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "fiscal_regimes_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "payment_forms" (
    "id" SERIAL NOT NULL,
    "code" VARCHAR(2) NOT NULL,
    "description" VARCHAR(200) NOT NULL,
    "status" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "payment_forms_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "payment_methods" (
    "id" SERIAL NOT NULL,
    "code" VARCHAR(3) NOT NULL,
    "description" VARCHAR(200) NOT NULL,
    "status" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "payment_methods_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "prod_servs" (
    "id" SERIAL NOT NULL,
    "code" VARCHAR(8) NOT NULL,
    "description" VARCHAR(500) NOT NULL,
    "status" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "prod_servs_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "units" (
    "id" SERIAL NOT NULL,
    "code" VARCHAR(5) NOT NULL,
    "name" VARCHAR(150) NOT NULL,
    "description" TEXT,
    "symbol" VARCHAR(20),
    "status" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "units_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "type_relations" (
    "id" SERIAL NOT NULL,
    "code" VARCHAR(2) NOT NULL,
    "description" VARCHAR(200) NOT NULL,
    "status" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "type_relations_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "type_vouchers" (
    "id" SERIAL NOT NULL,
    "code" VARCHAR(1) NOT NULL,
    "description" VARCHAR(100) NOT NULL,
    "status" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "type_vouchers_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "users" (
    "id" SERIAL NOT NULL,
    "username" VARCHAR(150) NOT NULL,
    "first_name" VARCHAR(150) NOT NULL DEFAULT '',
    "last_name" VARCHAR(150) NOT NULL DEFAULT '',
    "password" VARCHAR(255) NOT NULL,
    "is_superuser" BOOLEAN NOT NULL DEFAULT false,
    "last_login" TIMESTAMP(3),
    "email" VARCHAR(254) NOT NULL DEFAULT '',
    "is_staff" BOOLEAN NOT NULL DEFAULT false,
    "is_active" BOOLEAN NOT NULL DEFAULT true,
    "date_joined" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "language" VARCHAR(5) NOT NULL DEFAULT 'es',
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,
    "current_group_id" INTEGER,

    CONSTRAINT "users_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "roles" (
    "id" SERIAL NOT NULL,
    "name" VARCHAR(100) NOT NULL,
    "short" VARCHAR(50) NOT NULL,
    "category" VARCHAR(50) NOT NULL DEFAULT '',
    "routes" JSONB NOT NULL DEFAULT '[]',
    "status" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "roles_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "permissions" (
    "id" SERIAL NOT NULL,
    "name" VARCHAR(100) NOT NULL,
    "short" VARCHAR(100) NOT NULL,
    "category" VARCHAR(50) NOT NULL DEFAULT '',
    "status" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "permissions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "user_roles" (
    "user_id" INTEGER NOT NULL,
    "role_id" INTEGER NOT NULL,

    CONSTRAINT "user_roles_pkey" PRIMARY KEY ("user_id","role_id")
);

-- CreateTable
CREATE TABLE "user_permissions" (
    "user_id" INTEGER NOT NULL,
    "permission_id" INTEGER NOT NULL,

    CONSTRAINT "user_permissions_pkey" PRIMARY KEY ("user_id","permission_id")
);

-- CreateTable
CREATE TABLE "settings" (
    "id" SERIAL NOT NULL,
    "base_serial" VARCHAR(20) NOT NULL DEFAULT '',
    "hour_class" INTEGER NOT NULL DEFAULT 50,
    "email_host" VARCHAR(200) NOT NULL DEFAULT '',
    "email_port" INTEGER NOT NULL DEFAULT 587,
    "email_user" VARCHAR(200) NOT NULL DEFAULT '',
    "email_password" VARCHAR(500) NOT NULL DEFAULT '',
    "min_cal" DECIMAL(5,2) NOT NULL DEFAULT 0,
    "max_cal" DECIMAL(5,2) NOT NULL DEFAULT 10,
    "min_approve" DECIMAL(5,2) NOT NULL DEFAULT 6,
    "precision_cal" INTEGER NOT NULL DEFAULT 1,
    "min_attendance" DECIMAL(5,2) NOT NULL DEFAULT 80,
    "max_extra" INTEGER NOT NULL DEFAULT 3,
    "calculate_type" VARCHAR(5) NOT NULL DEFAULT 'DEC',
    "institution_code" VARCHAR(20) NOT NULL DEFAULT '',
    "institution_name" VARCHAR(200) NOT NULL DEFAULT '',
    "type_voucher" VARCHAR(5) NOT NULL DEFAULT 'I',
    "fiscal_regime" VARCHAR(5) NOT NULL DEFAULT '',
    "fiscal_social_reason" VARCHAR(300) NOT NULL DEFAULT '',
    "fiscal_rfc" VARCHAR(13) NOT NULL DEFAULT '',
    "status" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "settings_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "user_careers" (
    "user_id" INTEGER NOT NULL,
    "career_id" INTEGER NOT NULL,

    CONSTRAINT "user_careers_pkey" PRIMARY KEY ("user_id","career_id")
);

-- CreateTable
CREATE TABLE "profiles" (
    "id" SERIAL NOT NULL,
    "user_id" INTEGER NOT NULL,
    "campus_id" INTEGER,
    "cicle_id" INTEGER,
    "photo_path" VARCHAR(500),
    "telephone" VARCHAR(20),
    "telephone_code" VARCHAR(5) NOT NULL DEFAULT '+52',
    "position" VARCHAR(150),
    "notes" TEXT,
    "status" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "profiles_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "clasifications" (
    "id" SERIAL NOT NULL,
    "name" VARCHAR(100) NOT NULL,
    "description" TEXT,
    "status" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "clasifications_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "catalogs" (
    "id" SERIAL NOT NULL,
    "code" VARCHAR(30),
    "name" VARCHAR(200) NOT NULL,
    "description" TEXT,
    "visible" BOOLEAN NOT NULL DEFAULT true,
    "clas_id" INTEGER NOT NULL,
    "status" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "catalogs_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "countries" (
    "id" SERIAL NOT NULL,
    "code" VARCHAR(3) NOT NULL,
    "name" VARCHAR(100) NOT NULL,
    "nationality" VARCHAR(100),
    "status" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "countries_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "states" (
    "id" SERIAL NOT NULL,
    "code" VARCHAR(5) NOT NULL,
    "name" VARCHAR(100) NOT NULL,
    "curp_code" VARCHAR(2),
    "country_id" INTEGER NOT NULL,
    "status" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "states_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "cities" (
    "id" SERIAL NOT NULL,
    "code" VARCHAR(5),
    "name" VARCHAR(150) NOT NULL,
    "state_id" INTEGER NOT NULL,
    "status" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "cities_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "polls" (
    "id" SERIAL NOT NULL,
    "poll_type_id" INTEGER,
    "title" VARCHAR(200) NOT NULL,
    "is_active" BOOLEAN NOT NULL DEFAULT true,
    "instructions" TEXT,
    "start_message" TEXT,
    "end_message" TEXT,
    "status" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "polls_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "poll_sections" (
    "id" SERIAL NOT NULL,
    "poll_id" INTEGER NOT NULL,
    "section_order" INTEGER NOT NULL DEFAULT 0,
    "title" VARCHAR(200) NOT NULL,
    "status" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "poll_sections_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "poll_questions" (
    "id" SERIAL NOT NULL,
    "section_id" INTEGER NOT NULL,
    "question_type_id" INTEGER,
    "question_order" INTEGER NOT NULL DEFAULT 0,
    "title" VARCHAR(500) NOT NULL,
    "subtitle" VARCHAR(500),
    "options" JSONB NOT NULL DEFAULT '[]',
    "is_active" BOOLEAN NOT NULL DEFAULT true,
    "is_mandatory" BOOLEAN NOT NULL DEFAULT true,
    "status" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "poll_questions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "poll_assignments" (
    "id" SERIAL NOT NULL,
    "poll_id" INTEGER NOT NULL,
    "cicle_id" INTEGER NOT NULL,
    "start_at" TIMESTAMP(3) NOT NULL,
    "end_at" TIMESTAMP(3) NOT NULL,
    "status" "PollAssignmentStatus" NOT NULL DEFAULT 'DRAFT',
    "notes" TEXT,
    "all_groups" BOOLEAN NOT NULL DEFAULT true,
    "all_careers" BOOLEAN NOT NULL DEFAULT true,
    "answers" INTEGER NOT NULL DEFAULT 0,
    "total" INTEGER NOT NULL DEFAULT 0,
    "is_active" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "poll_assignments_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "poll_assign_careers" (
    "assignment_id" INTEGER NOT NULL,
    "career_id" INTEGER NOT NULL,

    CONSTRAINT "poll_assign_careers_pkey" PRIMARY KEY ("assignment_id","career_id")
);

-- CreateTable
CREATE TABLE "poll_results" (
    "id" SERIAL NOT NULL,
    "assignment_id" INTEGER NOT NULL,
    "question_id" INTEGER NOT NULL,
    "student_id" INTEGER NOT NULL,
    "teacher_id" INTEGER,
    "schedule_id" INTEGER,
    "answer" TEXT,
    "answer_json" JSONB,
    "status" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "poll_results_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "teacher_evaluations" (
    "id" SERIAL NOT NULL,
    "student_id" INTEGER NOT NULL,
    "schedule_id" INTEGER NOT NULL,
    "teacher_id" INTEGER NOT NULL,
    "assignment_id" INTEGER NOT NULL,
    "is_complete" BOOLEAN NOT NULL DEFAULT false,
    "score" DECIMAL(5,2),
    "status" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "teacher_evaluations_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "shifts" (
    "id" SERIAL NOT NULL,
    "description" VARCHAR(50) NOT NULL,
    "time_start" TIME(0),
    "time_end" TIME(0),
    "suffix" VARCHAR(5),
    "status" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "shifts_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "groups" (
    "id" SERIAL NOT NULL,
    "code" VARCHAR(30) NOT NULL,
    "grade" INTEGER NOT NULL,
    "group" VARCHAR(2) NOT NULL,
    "shift_id" INTEGER,
    "cicle_id" INTEGER NOT NULL,
    "tutor_id" INTEGER,
    "boss_id" INTEGER,
    "career_id" INTEGER,
    "study_plan_id" INTEGER,
    "last_group_id" INTEGER,
    "capacity" INTEGER NOT NULL DEFAULT 0,
    "average" DECIMAL(5,2),
    "status" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "groups_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "student_groups" (
    "id" SERIAL NOT NULL,
    "is_current" BOOLEAN NOT NULL DEFAULT true,
    "subject_id" INTEGER,
    "is_boss" BOOLEAN NOT NULL DEFAULT false,
    "student_id" INTEGER NOT NULL,
    "group_id" INTEGER NOT NULL,
    "status" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "student_groups_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "schedules" (
    "id" SERIAL NOT NULL,
    "group_id" INTEGER NOT NULL,
    "teacher_id" INTEGER,
    "subject_id" INTEGER NOT NULL,
    "is_modular" BOOLEAN NOT NULL DEFAULT false,
    "is_recover" BOOLEAN NOT NULL DEFAULT false,
    "notes" TEXT,
    "date_to" DATE,
    "date_from" DATE,
    "hours" INTEGER NOT NULL DEFAULT 0,
    "use_factors" BOOLEAN NOT NULL DEFAULT false,
    "status" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "schedules_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "schedule_hours" (
    "id" SERIAL NOT NULL,
    "schedule_id" INTEGER NOT NULL,
    "week_day" INTEGER NOT NULL,
    "start_hour" TIME(0) NOT NULL,
    "end_hour" TIME(0) NOT NULL,
    "total_minutes" INTEGER NOT NULL DEFAULT 0,
    "status" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "schedule_hours_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "scores" (
    "id" SERIAL NOT NULL,
    "partial_id" INTEGER NOT NULL,
    "student_id" INTEGER NOT NULL,
    "schedule_id" INTEGER NOT NULL,
    "score" DECIMAL(5,2),
    "is_np" BOOLEAN NOT NULL DEFAULT false,
    "status" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "scores_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "score_tracks" (
    "id" SERIAL NOT NULL,
    "score_id" INTEGER NOT NULL,
    "user_id" INTEGER,
    "original_score" DECIMAL(5,2),
    "new_score" DECIMAL(5,2),
    "notes" TEXT,
    "status" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "score_tracks_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "factors" (
    "id" SERIAL NOT NULL,
    "name" VARCHAR(100) NOT NULL,
    "schedule_id" INTEGER NOT NULL,
    "is_attendance" BOOLEAN NOT NULL DEFAULT false,
    "value" DECIMAL(5,2) NOT NULL DEFAULT 0,
    "block" BOOLEAN NOT NULL DEFAULT false,
    "partial_id" INTEGER NOT NULL,
    "status" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "factors_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "factor_scores" (
    "id" SERIAL NOT NULL,
    "factor_id" INTEGER NOT NULL,
    "student_id" INTEGER NOT NULL,
    "score" DECIMAL(5,2),
    "status" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "factor_scores_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "period_exceptions" (
    "id" SERIAL NOT NULL,
    "start" DATE NOT NULL,
    "end" DATE NOT NULL,
    "schedule_id" INTEGER NOT NULL,
    "partial_id" INTEGER NOT NULL,
    "user_id" INTEGER,
    "notes" TEXT,
    "status" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "period_exceptions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "subject_cicles" (
    "id" SERIAL NOT NULL,
    "student_id" INTEGER NOT NULL,
    "group_id" INTEGER,
    "cicle_id" INTEGER NOT NULL,
    "subject_id" INTEGER NOT NULL,
    "final_score" DECIMAL(5,2),
    "extra_score" DECIMAL(5,2),
    "ts_score" DECIMAL(5,2),
    "subject_type" VARCHAR(30),
    "type_score" VARCHAR(30) NOT NULL DEFAULT 'General',
    "status" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "subject_cicles_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "recourses" (
    "id" SERIAL NOT NULL,
    "student_id" INTEGER NOT NULL,
    "notes" TEXT,
    "cicle_from_id" INTEGER,
    "cicle_to_id" INTEGER,
    "group_id" INTEGER,
    "subject_id" INTEGER NOT NULL,
    "partial_1" DECIMAL(5,2),
    "partial_2" DECIMAL(5,2),
    "partial_3" DECIMAL(5,2),
    "partial_4" DECIMAL(5,2),
    "final" DECIMAL(5,2),
    "extra" DECIMAL(5,2),
    "score" DECIMAL(5,2),
    "type" VARCHAR(30),
    "status" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "recourses_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "extraordinaries" (
    "id" SERIAL NOT NULL,
    "student_id" INTEGER NOT NULL,
    "schedule_id" INTEGER NOT NULL,
    "category" "ExtraordinaryCategory" NOT NULL DEFAULT 'X',
    "status" "ExtraordinaryStatus" NOT NULL DEFAULT 'REQ',
    "sale_id" INTEGER,
    "score" DECIMAL(5,2),
    "approve_by_id" INTEGER,
    "paid" BOOLEAN NOT NULL DEFAULT false,
    "exam_date" DATE,
    "limit_capture" TIMESTAMP(3),
    "concept_id" INTEGER,
    "allow_scores" BOOLEAN NOT NULL DEFAULT false,
    "notes" TEXT,
    "reason" TEXT,
    "is_deleted" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "extraordinaries_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "students" (
    "id" SERIAL NOT NULL,
    "serial_number" VARCHAR(30),
    "no_control" VARCHAR(20) NOT NULL,
    "names" VARCHAR(100) NOT NULL,
    "first_name" VARCHAR(100) NOT NULL,
    "second_name" VARCHAR(100),
    "genre" VARCHAR(10),
    "curp" VARCHAR(18),
    "rfc" VARCHAR(13),
    "birthday" DATE,
    "email" VARCHAR(254),
    "telephone" VARCHAR(20),
    "telephone_code" VARCHAR(5) NOT NULL DEFAULT '+52',
    "photo" VARCHAR(255),
    "photo_path" VARCHAR(500),
    "current_group_id" INTEGER,
    "status_id" INTEGER,
    "civil_state_id" INTEGER,
    "career_id" INTEGER,
    "cicle_start_id" INTEGER,
    "cicle_id" INTEGER,
    "address_id" INTEGER,
    "medical_sheet_id" INTEGER,
    "occupation_id" INTEGER,
    "is_active" BOOLEAN NOT NULL DEFAULT true,
    "live_with_parents" BOOLEAN NOT NULL DEFAULT true,
    "nation_id" INTEGER,
    "place_birth_id" INTEGER,
    "age" INTEGER,
    "reentry" BOOLEAN NOT NULL DEFAULT false,
    "is_foreign" BOOLEAN NOT NULL DEFAULT false,
    "is_revalid" BOOLEAN NOT NULL DEFAULT false,
    "only_course" BOOLEAN NOT NULL DEFAULT false,
    "is_regular" BOOLEAN NOT NULL DEFAULT true,
    "user_id" INTEGER,
    "academic_origin_id" INTEGER,
    "score_origin" DECIMAL(5,2),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "students_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "addresses" (
    "id" SERIAL NOT NULL,
    "colony" VARCHAR(150),
    "street" VARCHAR(200),
    "cp" VARCHAR(5),
    "city_id" INTEGER,
    "state_id" INTEGER,
    "telephone" VARCHAR(20),
    "telephone_code" VARCHAR(5) NOT NULL DEFAULT '+52',
    "cellphone" VARCHAR(20),
    "cellphone_code" VARCHAR(5) NOT NULL DEFAULT '+52',
    "notes" TEXT,
    "no_internal" VARCHAR(20),
    "no_external" VARCHAR(20),
    "parent_id" INTEGER,
    "source" VARCHAR(30),
    "status" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "addresses_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "medical_sheets" (
    "id" SERIAL NOT NULL,
    "weight" DECIMAL(5,2),
    "height" DECIMAL(5,2),
    "blood" VARCHAR(5),
    "no_sse" VARCHAR(20),
    "no_clinic" VARCHAR(20),
    "all_vaccine" BOOLEAN NOT NULL DEFAULT false,
    "pending_vaccine" TEXT,
    "notes" TEXT,
    "allergy_medicine" TEXT,
    "fractures" TEXT,
    "surgery" TEXT,
    "allergy_food" TEXT,
    "allergy_plants" TEXT,
    "allergy_others" TEXT,
    "sickness" TEXT,
    "doctor_name" VARCHAR(150),
    "doctor_address" VARCHAR(300),
    "doctor_phone" VARCHAR(20),
    "clinic" VARCHAR(150),
    "contact_name" VARCHAR(150),
    "contact_phone" VARCHAR(20),
    "contact_parent" VARCHAR(50),
    "ant_family" TEXT,
    "ant_personal" TEXT,
    "diseases" TEXT,
    "covid_vaccine" BOOLEAN NOT NULL DEFAULT false,
    "covid_note" TEXT,
    "status" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "medical_sheets_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "medical_options" (
    "id" SERIAL NOT NULL,
    "name" VARCHAR(100) NOT NULL,
    "category" VARCHAR(30) NOT NULL,
    "status" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "medical_options_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "families" (
    "id" SERIAL NOT NULL,
    "title" VARCHAR(5),
    "names" VARCHAR(100) NOT NULL,
    "first_name" VARCHAR(100) NOT NULL,
    "second_name" VARCHAR(100),
    "email" VARCHAR(254),
    "genre" VARCHAR(10),
    "company_id" INTEGER,
    "occupation_id" INTEGER,
    "address_id" INTEGER,
    "status" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "families_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "student_families" (
    "id" SERIAL NOT NULL,
    "student_id" INTEGER NOT NULL,
    "family_id" INTEGER NOT NULL,
    "parent_type_id" INTEGER,
    "notes" TEXT,
    "status" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "student_families_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "companies" (
    "id" SERIAL NOT NULL,
    "name" VARCHAR(200) NOT NULL,
    "rfc" VARCHAR(13),
    "telephone" VARCHAR(20),
    "contact" VARCHAR(150),
    "status" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "companies_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "occupations" (
    "id" SERIAL NOT NULL,
    "description" VARCHAR(150) NOT NULL,
    "status" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "occupations_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "student_comments" (
    "id" SERIAL NOT NULL,
    "comment" TEXT NOT NULL,
    "item_id" INTEGER NOT NULL,
    "category" VARCHAR(30) NOT NULL DEFAULT 'student',
    "user_id" INTEGER,
    "status" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "student_comments_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "document_types" (
    "id" SERIAL NOT NULL,
    "name" VARCHAR(150) NOT NULL,
    "multiple" BOOLEAN NOT NULL DEFAULT false,
    "mandatory" BOOLEAN NOT NULL DEFAULT false,
    "category" "DocumentCategory" NOT NULL DEFAULT 'students',
    "is_foreign" "NationalityScope" NOT NULL DEFAULT 'B',
    "category_career" VARCHAR(30) NOT NULL DEFAULT 'GENERAL',
    "status" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "document_types_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "student_documents" (
    "id" SERIAL NOT NULL,
    "student_id" INTEGER,
    "aspirant_id" INTEGER,
    "doc_type_id" INTEGER NOT NULL,
    "document" VARCHAR(500),
    "notes" TEXT,
    "archived" BOOLEAN NOT NULL DEFAULT false,
    "date_limit" DATE,
    "status" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "student_documents_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "student_movements" (
    "id" SERIAL NOT NULL,
    "student_id" INTEGER NOT NULL,
    "from_group_id" INTEGER,
    "to_group_id" INTEGER,
    "cicle_id" INTEGER,
    "user_id" INTEGER,
    "comments" TEXT,
    "apply_date" DATE NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "status" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "student_movements_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "terminations" (
    "id" SERIAL NOT NULL,
    "student_id" INTEGER NOT NULL,
    "type_id" INTEGER NOT NULL,
    "cicle_id" INTEGER,
    "user_id" INTEGER,
    "career_id" INTEGER,
    "term_date" DATE NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "reason" VARCHAR(300),
    "comments" TEXT,
    "status" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "terminations_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "termination_types" (
    "id" SERIAL NOT NULL,
    "name" VARCHAR(100) NOT NULL,
    "code" VARCHAR(20) NOT NULL,
    "description" TEXT,
    "status" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "termination_types_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "student_periods" (
    "id" SERIAL NOT NULL,
    "student_id" INTEGER NOT NULL,
    "cicle_id" INTEGER NOT NULL,
    "score" DECIMAL(5,2),
    "check" BOOLEAN NOT NULL DEFAULT false,
    "warning" BOOLEAN NOT NULL DEFAULT false,
    "status" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "student_periods_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "student_subjects" (
    "id" SERIAL NOT NULL,
    "student_id" INTEGER NOT NULL,
    "cicle_id" INTEGER,
    "subject_id" INTEGER NOT NULL,
    "score" DECIMAL(5,2),
    "is_locked" BOOLEAN NOT NULL DEFAULT false,
    "revalid_type" VARCHAR(30),
    "is_ts" BOOLEAN NOT NULL DEFAULT false,
    "status" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "student_subjects_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "campuses_code_key" ON "campuses"("code");

-- CreateIndex
CREATE INDEX "campuses_status_name_idx" ON "campuses"("status", "name");

-- CreateIndex
CREATE INDEX "academic_deptos_status_campus_id_idx" ON "academic_deptos"("status", "campus_id");

-- CreateIndex
CREATE UNIQUE INDEX "academic_deptos_campus_id_code_key" ON "academic_deptos"("campus_id", "code");

-- CreateIndex
CREATE INDEX "careers_status_campus_id_idx" ON "careers"("status", "campus_id");

-- CreateIndex
CREATE INDEX "careers_iedu_id_idx" ON "careers"("iedu_id");

-- CreateIndex
CREATE INDEX "careers_department_id_idx" ON "careers"("department_id");

-- CreateIndex
CREATE INDEX "careers_name_idx" ON "careers"("name");

-- CreateIndex
CREATE UNIQUE INDEX "careers_campus_id_code_key" ON "careers"("campus_id", "code");

-- CreateIndex
CREATE INDEX "cicles_status_campus_id_idx" ON "cicles"("status", "campus_id");

-- CreateIndex
CREATE INDEX "cicles_campus_id_year_cicle_in_year_idx" ON "cicles"("campus_id", "year", "cicle_in_year");

-- CreateIndex
CREATE INDEX "cicles_start_idx" ON "cicles"("start");

-- CreateIndex
CREATE INDEX "partials_cicle_id_partial_type_idx" ON "partials"("cicle_id", "partial_type");

-- CreateIndex
CREATE UNIQUE INDEX "partials_cicle_id_no_key" ON "partials"("cicle_id", "no");

-- CreateIndex
CREATE INDEX "study_plans_status_career_id_idx" ON "study_plans"("status", "career_id");

-- CreateIndex
CREATE INDEX "study_plans_user_id_idx" ON "study_plans"("user_id");

-- CreateIndex
CREATE INDEX "study_plans_plan_type_id_idx" ON "study_plans"("plan_type_id");

-- CreateIndex
CREATE UNIQUE INDEX "study_plans_career_id_code_key" ON "study_plans"("career_id", "code");

-- CreateIndex
CREATE INDEX "study_plan_documents_study_plan_id_idx" ON "study_plan_documents"("study_plan_id");

-- CreateIndex
CREATE INDEX "study_plan_documents_user_id_idx" ON "study_plan_documents"("user_id");

-- CreateIndex
CREATE INDEX "subjects_study_plan_id_grade_order_idx" ON "subjects"("study_plan_id", "grade", "order");

-- CreateIndex
CREATE INDEX "subjects_description_idx" ON "subjects"("description");

-- CreateIndex
CREATE UNIQUE INDEX "subjects_study_plan_id_code_key" ON "subjects"("study_plan_id", "code");

-- CreateIndex
CREATE INDEX "subject_prerequisites_prerequisite_id_idx" ON "subject_prerequisites"("prerequisite_id");

-- CreateIndex
CREATE UNIQUE INDEX "teachers_curp_key" ON "teachers"("curp");

-- CreateIndex
CREATE UNIQUE INDEX "teachers_user_id_key" ON "teachers"("user_id");

-- CreateIndex
CREATE UNIQUE INDEX "teachers_code_key" ON "teachers"("code");

-- CreateIndex
CREATE UNIQUE INDEX "teachers_address_id_key" ON "teachers"("address_id");

-- CreateIndex
CREATE UNIQUE INDEX "teachers_medical_sheet_id_key" ON "teachers"("medical_sheet_id");

-- CreateIndex
CREATE INDEX "teachers_first_name_second_name_names_idx" ON "teachers"("first_name", "second_name", "names");

-- CreateIndex
CREATE INDEX "teachers_status_idx" ON "teachers"("status");

-- CreateIndex
CREATE INDEX "teachers_place_birth_id_idx" ON "teachers"("place_birth_id");

-- CreateIndex
CREATE INDEX "teachers_academic_level_id_idx" ON "teachers"("academic_level_id");

-- CreateIndex
CREATE INDEX "teachers_civil_state_id_idx" ON "teachers"("civil_state_id");

-- CreateIndex
CREATE INDEX "teachers_nation_id_idx" ON "teachers"("nation_id");

-- CreateIndex
CREATE INDEX "teacher_accounts_teacher_id_idx" ON "teacher_accounts"("teacher_id");

-- CreateIndex
CREATE INDEX "teacher_careers_career_id_idx" ON "teacher_careers"("career_id");

-- CreateIndex
CREATE UNIQUE INDEX "teacher_careers_teacher_id_career_id_key" ON "teacher_careers"("teacher_id", "career_id");

-- CreateIndex
CREATE INDEX "teacher_documents_teacher_id_idx" ON "teacher_documents"("teacher_id");

-- CreateIndex
CREATE INDEX "teacher_documents_doc_type_id_idx" ON "teacher_documents"("doc_type_id");

-- CreateIndex
CREATE INDEX "teacher_experiences_teacher_id_idx" ON "teacher_experiences"("teacher_id");

-- CreateIndex
CREATE INDEX "teacher_studies_teacher_id_idx" ON "teacher_studies"("teacher_id");

-- CreateIndex
CREATE INDEX "swear_careers_career_id_idx" ON "swear_careers"("career_id");

-- CreateIndex
CREATE INDEX "swear_careers_cicle_id_idx" ON "swear_careers"("cicle_id");

-- CreateIndex
CREATE INDEX "swear_careers_user_id_idx" ON "swear_careers"("user_id");

-- CreateIndex
CREATE UNIQUE INDEX "swear_careers_student_id_career_id_key" ON "swear_careers"("student_id", "career_id");

-- CreateIndex
CREATE UNIQUE INDEX "electronic_titles_folio_control_key" ON "electronic_titles"("folio_control");

-- CreateIndex
CREATE INDEX "electronic_titles_swear_id_idx" ON "electronic_titles"("swear_id");

-- CreateIndex
CREATE INDEX "electronic_titles_user_id_idx" ON "electronic_titles"("user_id");

-- CreateIndex
CREATE INDEX "electronic_titles_career_id_idx" ON "electronic_titles"("career_id");

-- CreateIndex
CREATE INDEX "electronic_titles_no_control_idx" ON "electronic_titles"("no_control");

-- CreateIndex
CREATE INDEX "electronic_titles_curp_idx" ON "electronic_titles"("curp");

-- CreateIndex
CREATE INDEX "electronic_titles_status_idx" ON "electronic_titles"("status");

-- CreateIndex
CREATE INDEX "electronic_titles_authorization_id_idx" ON "electronic_titles"("authorization_id");

-- CreateIndex
CREATE INDEX "electronic_titles_modality_id_idx" ON "electronic_titles"("modality_id");

-- CreateIndex
CREATE INDEX "electronic_titles_legal_basis_id_idx" ON "electronic_titles"("legal_basis_id");

-- CreateIndex
CREATE INDEX "electronic_titles_entity_id_idx" ON "electronic_titles"("entity_id");

-- CreateIndex
CREATE INDEX "electronic_titles_antecedent_type_id_idx" ON "electronic_titles"("antecedent_type_id");

-- CreateIndex
CREATE INDEX "electronic_titles_antecedent_entity_id_idx" ON "electronic_titles"("antecedent_entity_id");

-- CreateIndex
CREATE INDEX "title_logs_title_id_created_at_idx" ON "title_logs"("title_id", "created_at");

-- CreateIndex
CREATE INDEX "title_logs_user_id_idx" ON "title_logs"("user_id");

-- CreateIndex
CREATE UNIQUE INDEX "title_responsables_curp_key" ON "title_responsables"("curp");

-- CreateIndex
CREATE INDEX "title_responsables_charge_id_idx" ON "title_responsables"("charge_id");

-- CreateIndex
CREATE UNIQUE INDEX "courses_code_key" ON "courses"("code");

-- CreateIndex
CREATE INDEX "courses_career_id_idx" ON "courses"("career_id");

-- CreateIndex
CREATE INDEX "courses_name_idx" ON "courses"("name");

-- CreateIndex
CREATE INDEX "course_groups_shift_id_idx" ON "course_groups"("shift_id");

-- CreateIndex
CREATE INDEX "course_groups_cicle_id_idx" ON "course_groups"("cicle_id");

-- CreateIndex
CREATE INDEX "course_groups_teacher_id_idx" ON "course_groups"("teacher_id");

-- CreateIndex
CREATE INDEX "course_groups_study_plan_id_idx" ON "course_groups"("study_plan_id");

-- CreateIndex
CREATE UNIQUE INDEX "course_groups_course_id_code_key" ON "course_groups"("course_id", "code");

-- CreateIndex
CREATE INDEX "course_students_student_id_idx" ON "course_students"("student_id");

-- CreateIndex
CREATE UNIQUE INDEX "course_students_group_id_student_id_key" ON "course_students"("group_id", "student_id");

-- CreateIndex
CREATE UNIQUE INDEX "auth_sessions_refresh_token_hash_key" ON "auth_sessions"("refresh_token_hash");

-- CreateIndex
CREATE INDEX "auth_sessions_user_id_idx" ON "auth_sessions"("user_id");

-- CreateIndex
CREATE INDEX "audit_logs_resource_record_id_date_idx" ON "audit_logs"("resource", "record_id", "date");

-- CreateIndex
CREATE INDEX "sales_student_id_status_idx" ON "sales"("student_id", "status");

-- CreateIndex
CREATE INDEX "sales_aspirant_id_idx" ON "sales"("aspirant_id");

-- CreateIndex
CREATE INDEX "sales_cicle_id_category_idx" ON "sales"("cicle_id", "category");

-- CreateIndex
CREATE INDEX "sales_user_id_idx" ON "sales"("user_id");

-- CreateIndex
CREATE INDEX "sales_career_id_idx" ON "sales"("career_id");

-- CreateIndex
CREATE INDEX "sales_payment_method_id_idx" ON "sales"("payment_method_id");

-- CreateIndex
CREATE INDEX "sales_sale_date_idx" ON "sales"("sale_date");

-- CreateIndex
CREATE INDEX "sales_reference_idx" ON "sales"("reference");

-- CreateIndex
CREATE INDEX "sale_details_sale_id_idx" ON "sale_details"("sale_id");

-- CreateIndex
CREATE INDEX "sale_details_concept_id_idx" ON "sale_details"("concept_id");

-- CreateIndex
CREATE INDEX "payments_sale_id_status_idx" ON "payments"("sale_id", "status");

-- CreateIndex
CREATE INDEX "payments_method_id_idx" ON "payments"("method_id");

-- CreateIndex
CREATE INDEX "payments_user_id_idx" ON "payments"("user_id");

-- CreateIndex
CREATE INDEX "payments_created_at_idx" ON "payments"("created_at");

-- CreateIndex
CREATE UNIQUE INDEX "references_bank_ref_key" ON "references"("bank_ref");

-- CreateIndex
CREATE INDEX "references_ref_sale_id_idx" ON "references"("ref_sale_id");

-- CreateIndex
CREATE INDEX "references_paid_vigency_idx" ON "references"("paid", "vigency");

-- CreateIndex
CREATE INDEX "concepts_category_id_idx" ON "concepts"("category_id");

-- CreateIndex
CREATE INDEX "concepts_recurrency_id_idx" ON "concepts"("recurrency_id");

-- CreateIndex
CREATE INDEX "concepts_shift_id_idx" ON "concepts"("shift_id");

-- CreateIndex
CREATE INDEX "concepts_description_idx" ON "concepts"("description");

-- CreateIndex
CREATE UNIQUE INDEX "concepts_price_list_id_code_key" ON "concepts"("price_list_id", "code");

-- CreateIndex
CREATE INDEX "concept_discounts_concept_id_career_id_idx" ON "concept_discounts"("concept_id", "career_id");

-- CreateIndex
CREATE INDEX "concept_discounts_career_id_idx" ON "concept_discounts"("career_id");

-- CreateIndex
CREATE INDEX "sale_discounts_sale_id_idx" ON "sale_discounts"("sale_id");

-- CreateIndex
CREATE INDEX "sale_discounts_user_id_idx" ON "sale_discounts"("user_id");

-- CreateIndex
CREATE INDEX "price_lists_user_id_idx" ON "price_lists"("user_id");

-- CreateIndex
CREATE INDEX "price_lists_status_campus_id_idx" ON "price_lists"("status", "campus_id");

-- CreateIndex
CREATE UNIQUE INDEX "price_lists_campus_id_code_key" ON "price_lists"("campus_id", "code");

-- CreateIndex
CREATE INDEX "list_careers_career_id_idx" ON "list_careers"("career_id");

-- CreateIndex
CREATE UNIQUE INDEX "list_careers_price_list_id_career_id_key" ON "list_careers"("price_list_id", "career_id");

-- CreateIndex
CREATE INDEX "exchange_rates_date_idx" ON "exchange_rates"("date");

-- CreateIndex
CREATE INDEX "recurrents_cicle_id_idx" ON "recurrents"("cicle_id");

-- CreateIndex
CREATE INDEX "recurrents_sale_id_idx" ON "recurrents"("sale_id");

-- CreateIndex
CREATE INDEX "recurrents_concept_id_idx" ON "recurrents"("concept_id");

-- CreateIndex
CREATE INDEX "recurrents_paid_limit_date_idx" ON "recurrents"("paid", "limit_date");

-- CreateIndex
CREATE UNIQUE INDEX "recurrents_student_id_concept_id_year_month_key" ON "recurrents"("student_id", "concept_id", "year", "month");

-- CreateIndex
CREATE INDEX "scholarships_concept_id_idx" ON "scholarships"("concept_id");

-- CreateIndex
CREATE INDEX "scholarships_career_id_idx" ON "scholarships"("career_id");

-- CreateIndex
CREATE INDEX "scholarships_ship_type_status_idx" ON "scholarships"("ship_type", "status");

-- CreateIndex
CREATE INDEX "student_ships_scholar_ship_id_idx" ON "student_ships"("scholar_ship_id");

-- CreateIndex
CREATE INDEX "student_ships_cicle_id_idx" ON "student_ships"("cicle_id");

-- CreateIndex
CREATE INDEX "student_ships_created_by_id_idx" ON "student_ships"("created_by_id");

-- CreateIndex
CREATE INDEX "student_ships_finish_by_id_idx" ON "student_ships"("finish_by_id");

-- CreateIndex
CREATE UNIQUE INDEX "student_ships_student_id_scholar_ship_id_cicle_id_key" ON "student_ships"("student_id", "scholar_ship_id", "cicle_id");

-- CreateIndex
CREATE UNIQUE INDEX "aspirants_web_code_key" ON "aspirants"("web_code");

-- CreateIndex
CREATE UNIQUE INDEX "aspirants_address_id_key" ON "aspirants"("address_id");

-- CreateIndex
CREATE UNIQUE INDEX "aspirants_student_id_key" ON "aspirants"("student_id");

-- CreateIndex
CREATE UNIQUE INDEX "aspirants_user_id_key" ON "aspirants"("user_id");

-- CreateIndex
CREATE INDEX "aspirants_first_name_second_name_names_idx" ON "aspirants"("first_name", "second_name", "names");

-- CreateIndex
CREATE INDEX "aspirants_curp_idx" ON "aspirants"("curp");

-- CreateIndex
CREATE INDEX "aspirants_status_campus_id_idx" ON "aspirants"("status", "campus_id");

-- CreateIndex
CREATE INDEX "aspirants_is_active_cicle_id_idx" ON "aspirants"("is_active", "cicle_id");

-- CreateIndex
CREATE INDEX "aspirants_cicle_id_idx" ON "aspirants"("cicle_id");

-- CreateIndex
CREATE INDEX "aspirants_campus_id_idx" ON "aspirants"("campus_id");

-- CreateIndex
CREATE INDEX "aspirants_nation_id_idx" ON "aspirants"("nation_id");

-- CreateIndex
CREATE INDEX "aspirants_career_id_idx" ON "aspirants"("career_id");

-- CreateIndex
CREATE INDEX "aspirants_shift_id_idx" ON "aspirants"("shift_id");

-- CreateIndex
CREATE INDEX "aspirants_civil_state_id_idx" ON "aspirants"("civil_state_id");

-- CreateIndex
CREATE INDEX "aspirants_how_find_id_idx" ON "aspirants"("how_find_id");

-- CreateIndex
CREATE INDEX "aspirants_occupation_id_idx" ON "aspirants"("occupation_id");

-- CreateIndex
CREATE INDEX "aspirants_school_origin_id_idx" ON "aspirants"("school_origin_id");

-- CreateIndex
CREATE INDEX "aspirants_place_birth_id_idx" ON "aspirants"("place_birth_id");

-- CreateIndex
CREATE INDEX "aspirants_origin_state_id_idx" ON "aspirants"("origin_state_id");

-- CreateIndex
CREATE INDEX "aspirants_origin_country_id_idx" ON "aspirants"("origin_country_id");

-- CreateIndex
CREATE INDEX "aspirants_sale_id_idx" ON "aspirants"("sale_id");

-- CreateIndex
CREATE INDEX "aspirants_contact_type_id_idx" ON "aspirants"("contact_type_id");

-- CreateIndex
CREATE UNIQUE INDEX "school_origins_cct_key" ON "school_origins"("cct");

-- CreateIndex
CREATE UNIQUE INDEX "school_origins_address_id_key" ON "school_origins"("address_id");

-- CreateIndex
CREATE INDEX "school_origins_name_idx" ON "school_origins"("name");

-- CreateIndex
CREATE INDEX "school_origins_city_id_idx" ON "school_origins"("city_id");

-- CreateIndex
CREATE INDEX "reinscriptions_student_id_cicle_to_id_idx" ON "reinscriptions"("student_id", "cicle_to_id");

-- CreateIndex
CREATE INDEX "reinscriptions_cicle_to_id_reinscription_status_idx" ON "reinscriptions"("cicle_to_id", "reinscription_status");

-- CreateIndex
CREATE INDEX "reinscriptions_user_id_idx" ON "reinscriptions"("user_id");

-- CreateIndex
CREATE INDEX "reinscriptions_sale_id_idx" ON "reinscriptions"("sale_id");

-- CreateIndex
CREATE INDEX "reinscriptions_cicle_from_id_idx" ON "reinscriptions"("cicle_from_id");

-- CreateIndex
CREATE INDEX "reinscriptions_from_group_id_idx" ON "reinscriptions"("from_group_id");

-- CreateIndex
CREATE INDEX "reinscriptions_to_group_id_idx" ON "reinscriptions"("to_group_id");

-- CreateIndex
CREATE INDEX "reinscriptions_career_id_idx" ON "reinscriptions"("career_id");

-- CreateIndex
CREATE UNIQUE INDEX "invoices_uuid_key" ON "invoices"("uuid");

-- CreateIndex
CREATE INDEX "invoices_status_expedition_date_idx" ON "invoices"("status", "expedition_date");

-- CreateIndex
CREATE INDEX "invoices_rfc_idx" ON "invoices"("rfc");

-- CreateIndex
CREATE INDEX "invoices_type_voucher_id_idx" ON "invoices"("type_voucher_id");

-- CreateIndex
CREATE INDEX "invoices_fiscal_regime_id_idx" ON "invoices"("fiscal_regime_id");

-- CreateIndex
CREATE INDEX "invoices_cfdi_type_id_idx" ON "invoices"("cfdi_type_id");

-- CreateIndex
CREATE INDEX "invoices_receiver_regime_id_idx" ON "invoices"("receiver_regime_id");

-- CreateIndex
CREATE INDEX "invoices_payment_form_id_idx" ON "invoices"("payment_form_id");

-- CreateIndex
CREATE INDEX "invoices_payment_method_id_idx" ON "invoices"("payment_method_id");

-- CreateIndex
CREATE INDEX "invoices_type_relation_id_idx" ON "invoices"("type_relation_id");

-- CreateIndex
CREATE INDEX "invoices_user_id_idx" ON "invoices"("user_id");

-- CreateIndex
CREATE INDEX "invoices_sale_id_idx" ON "invoices"("sale_id");

-- CreateIndex
CREATE UNIQUE INDEX "invoices_serie_folio_key" ON "invoices"("serie", "folio");

-- CreateIndex
CREATE INDEX "invoice_concepts_invoice_id_idx" ON "invoice_concepts"("invoice_id");

-- CreateIndex
CREATE INDEX "invoice_concepts_prod_serv_id_idx" ON "invoice_concepts"("prod_serv_id");

-- CreateIndex
CREATE INDEX "invoice_concepts_unit_id_idx" ON "invoice_concepts"("unit_id");

-- CreateIndex
CREATE INDEX "invoice_taxes_invoice_concept_id_idx" ON "invoice_taxes"("invoice_concept_id");

-- CreateIndex
CREATE INDEX "invoice_data_student_id_idx" ON "invoice_data"("student_id");

-- CreateIndex
CREATE INDEX "invoice_data_rfc_idx" ON "invoice_data"("rfc");

-- CreateIndex
CREATE INDEX "invoice_data_fiscal_regime_id_idx" ON "invoice_data"("fiscal_regime_id");

-- CreateIndex
CREATE INDEX "invoice_data_cfdi_type_id_idx" ON "invoice_data"("cfdi_type_id");

-- CreateIndex
CREATE UNIQUE INDEX "cfdi_types_code_key" ON "cfdi_types"("code");

-- CreateIndex
CREATE UNIQUE INDEX "fiscal_regimes_code_key" ON "fiscal_regimes"("code");

-- CreateIndex
CREATE UNIQUE INDEX "payment_forms_code_key" ON "payment_forms"("code");

-- CreateIndex
CREATE UNIQUE INDEX "payment_methods_code_key" ON "payment_methods"("code");

-- CreateIndex
CREATE UNIQUE INDEX "prod_servs_code_key" ON "prod_servs"("code");

-- CreateIndex
CREATE INDEX "prod_servs_description_idx" ON "prod_servs"("description");

-- CreateIndex
CREATE UNIQUE INDEX "units_code_key" ON "units"("code");

-- CreateIndex
CREATE UNIQUE INDEX "type_relations_code_key" ON "type_relations"("code");

-- CreateIndex
CREATE UNIQUE INDEX "type_vouchers_code_key" ON "type_vouchers"("code");

-- CreateIndex
CREATE UNIQUE INDEX "users_username_key" ON "users"("username");

-- CreateIndex
CREATE INDEX "users_last_name_first_name_idx" ON "users"("last_name", "first_name");

-- CreateIndex
CREATE INDEX "users_current_group_id_idx" ON "users"("current_group_id");

-- CreateIndex
CREATE UNIQUE INDEX "roles_short_key" ON "roles"("short");

-- CreateIndex
CREATE UNIQUE INDEX "permissions_short_key" ON "permissions"("short");

-- CreateIndex
CREATE INDEX "user_roles_role_id_idx" ON "user_roles"("role_id");

-- CreateIndex
CREATE INDEX "user_permissions_permission_id_idx" ON "user_permissions"("permission_id");

-- CreateIndex
CREATE INDEX "user_careers_career_id_idx" ON "user_careers"("career_id");

-- CreateIndex
CREATE UNIQUE INDEX "profiles_user_id_key" ON "profiles"("user_id");

-- CreateIndex
CREATE INDEX "profiles_campus_id_idx" ON "profiles"("campus_id");

-- CreateIndex
CREATE INDEX "profiles_cicle_id_idx" ON "profiles"("cicle_id");

-- CreateIndex
CREATE UNIQUE INDEX "clasifications_name_key" ON "clasifications"("name");

-- CreateIndex
CREATE INDEX "catalogs_clas_id_status_name_idx" ON "catalogs"("clas_id", "status", "name");

-- CreateIndex
CREATE UNIQUE INDEX "catalogs_clas_id_code_key" ON "catalogs"("clas_id", "code");

-- CreateIndex
CREATE UNIQUE INDEX "countries_code_key" ON "countries"("code");

-- CreateIndex
CREATE INDEX "countries_name_idx" ON "countries"("name");

-- CreateIndex
CREATE INDEX "states_name_idx" ON "states"("name");

-- CreateIndex
CREATE UNIQUE INDEX "states_country_id_code_key" ON "states"("country_id", "code");

-- CreateIndex
CREATE INDEX "cities_name_idx" ON "cities"("name");

-- CreateIndex
CREATE UNIQUE INDEX "cities_state_id_code_key" ON "cities"("state_id", "code");

-- CreateIndex
CREATE INDEX "polls_poll_type_id_idx" ON "polls"("poll_type_id");

-- CreateIndex
CREATE INDEX "poll_sections_poll_id_section_order_idx" ON "poll_sections"("poll_id", "section_order");

-- CreateIndex
CREATE INDEX "poll_questions_section_id_question_order_idx" ON "poll_questions"("section_id", "question_order");

-- CreateIndex
CREATE INDEX "poll_questions_question_type_id_idx" ON "poll_questions"("question_type_id");

-- CreateIndex
CREATE INDEX "poll_assignments_poll_id_idx" ON "poll_assignments"("poll_id");

-- CreateIndex
CREATE INDEX "poll_assignments_cicle_id_status_idx" ON "poll_assignments"("cicle_id", "status");

-- CreateIndex
CREATE INDEX "poll_assign_careers_career_id_idx" ON "poll_assign_careers"("career_id");

-- CreateIndex
CREATE INDEX "poll_results_question_id_idx" ON "poll_results"("question_id");

-- CreateIndex
CREATE INDEX "poll_results_student_id_idx" ON "poll_results"("student_id");

-- CreateIndex
CREATE INDEX "poll_results_teacher_id_idx" ON "poll_results"("teacher_id");

-- CreateIndex
CREATE INDEX "poll_results_schedule_id_idx" ON "poll_results"("schedule_id");

-- CreateIndex
CREATE UNIQUE INDEX "poll_results_assignment_id_question_id_student_id_schedule__key" ON "poll_results"("assignment_id", "question_id", "student_id", "schedule_id");

-- CreateIndex
CREATE INDEX "teacher_evaluations_student_id_idx" ON "teacher_evaluations"("student_id");

-- CreateIndex
CREATE INDEX "teacher_evaluations_schedule_id_idx" ON "teacher_evaluations"("schedule_id");

-- CreateIndex
CREATE INDEX "teacher_evaluations_teacher_id_assignment_id_idx" ON "teacher_evaluations"("teacher_id", "assignment_id");

-- CreateIndex
CREATE UNIQUE INDEX "teacher_evaluations_assignment_id_student_id_schedule_id_key" ON "teacher_evaluations"("assignment_id", "student_id", "schedule_id");

-- CreateIndex
CREATE INDEX "groups_cicle_id_grade_idx" ON "groups"("cicle_id", "grade");

-- CreateIndex
CREATE INDEX "groups_status_cicle_id_idx" ON "groups"("status", "cicle_id");

-- CreateIndex
CREATE INDEX "groups_shift_id_idx" ON "groups"("shift_id");

-- CreateIndex
CREATE INDEX "groups_tutor_id_idx" ON "groups"("tutor_id");

-- CreateIndex
CREATE INDEX "groups_boss_id_idx" ON "groups"("boss_id");

-- CreateIndex
CREATE INDEX "groups_career_id_idx" ON "groups"("career_id");

-- CreateIndex
CREATE INDEX "groups_study_plan_id_idx" ON "groups"("study_plan_id");

-- CreateIndex
CREATE INDEX "groups_last_group_id_idx" ON "groups"("last_group_id");

-- CreateIndex
CREATE UNIQUE INDEX "groups_cicle_id_career_id_code_key" ON "groups"("cicle_id", "career_id", "code");

-- CreateIndex
CREATE INDEX "student_groups_group_id_is_current_idx" ON "student_groups"("group_id", "is_current");

-- CreateIndex
CREATE INDEX "student_groups_subject_id_idx" ON "student_groups"("subject_id");

-- CreateIndex
CREATE UNIQUE INDEX "student_groups_student_id_group_id_subject_id_key" ON "student_groups"("student_id", "group_id", "subject_id");

-- CreateIndex
CREATE INDEX "schedules_group_id_subject_id_idx" ON "schedules"("group_id", "subject_id");

-- CreateIndex
CREATE INDEX "schedules_teacher_id_idx" ON "schedules"("teacher_id");

-- CreateIndex
CREATE INDEX "schedules_subject_id_idx" ON "schedules"("subject_id");

-- CreateIndex
CREATE INDEX "schedule_hours_schedule_id_idx" ON "schedule_hours"("schedule_id");

-- CreateIndex
CREATE INDEX "schedule_hours_week_day_start_hour_idx" ON "schedule_hours"("week_day", "start_hour");

-- CreateIndex
CREATE INDEX "scores_schedule_id_partial_id_idx" ON "scores"("schedule_id", "partial_id");

-- CreateIndex
CREATE INDEX "scores_partial_id_idx" ON "scores"("partial_id");

-- CreateIndex
CREATE UNIQUE INDEX "scores_student_id_schedule_id_partial_id_key" ON "scores"("student_id", "schedule_id", "partial_id");

-- CreateIndex
CREATE INDEX "score_tracks_score_id_created_at_idx" ON "score_tracks"("score_id", "created_at");

-- CreateIndex
CREATE INDEX "score_tracks_user_id_idx" ON "score_tracks"("user_id");

-- CreateIndex
CREATE INDEX "factors_schedule_id_partial_id_idx" ON "factors"("schedule_id", "partial_id");

-- CreateIndex
CREATE INDEX "factors_partial_id_idx" ON "factors"("partial_id");

-- CreateIndex
CREATE INDEX "factor_scores_student_id_idx" ON "factor_scores"("student_id");

-- CreateIndex
CREATE UNIQUE INDEX "factor_scores_factor_id_student_id_key" ON "factor_scores"("factor_id", "student_id");

-- CreateIndex
CREATE INDEX "period_exceptions_schedule_id_partial_id_idx" ON "period_exceptions"("schedule_id", "partial_id");

-- CreateIndex
CREATE INDEX "period_exceptions_partial_id_idx" ON "period_exceptions"("partial_id");

-- CreateIndex
CREATE INDEX "period_exceptions_user_id_idx" ON "period_exceptions"("user_id");

-- CreateIndex
CREATE INDEX "subject_cicles_group_id_idx" ON "subject_cicles"("group_id");

-- CreateIndex
CREATE INDEX "subject_cicles_cicle_id_subject_id_idx" ON "subject_cicles"("cicle_id", "subject_id");

-- CreateIndex
CREATE INDEX "subject_cicles_subject_id_idx" ON "subject_cicles"("subject_id");

-- CreateIndex
CREATE UNIQUE INDEX "subject_cicles_student_id_cicle_id_subject_id_key" ON "subject_cicles"("student_id", "cicle_id", "subject_id");

-- CreateIndex
CREATE INDEX "recourses_student_id_subject_id_idx" ON "recourses"("student_id", "subject_id");

-- CreateIndex
CREATE INDEX "recourses_cicle_from_id_idx" ON "recourses"("cicle_from_id");

-- CreateIndex
CREATE INDEX "recourses_cicle_to_id_idx" ON "recourses"("cicle_to_id");

-- CreateIndex
CREATE INDEX "recourses_group_id_idx" ON "recourses"("group_id");

-- CreateIndex
CREATE INDEX "recourses_subject_id_idx" ON "recourses"("subject_id");

-- CreateIndex
CREATE INDEX "extraordinaries_student_id_schedule_id_idx" ON "extraordinaries"("student_id", "schedule_id");

-- CreateIndex
CREATE INDEX "extraordinaries_schedule_id_idx" ON "extraordinaries"("schedule_id");

-- CreateIndex
CREATE INDEX "extraordinaries_status_category_idx" ON "extraordinaries"("status", "category");

-- CreateIndex
CREATE INDEX "extraordinaries_sale_id_idx" ON "extraordinaries"("sale_id");

-- CreateIndex
CREATE INDEX "extraordinaries_approve_by_id_idx" ON "extraordinaries"("approve_by_id");

-- CreateIndex
CREATE INDEX "extraordinaries_concept_id_idx" ON "extraordinaries"("concept_id");

-- CreateIndex
CREATE UNIQUE INDEX "students_no_control_key" ON "students"("no_control");

-- CreateIndex
CREATE UNIQUE INDEX "students_curp_key" ON "students"("curp");

-- CreateIndex
CREATE UNIQUE INDEX "students_address_id_key" ON "students"("address_id");

-- CreateIndex
CREATE UNIQUE INDEX "students_medical_sheet_id_key" ON "students"("medical_sheet_id");

-- CreateIndex
CREATE UNIQUE INDEX "students_user_id_key" ON "students"("user_id");

-- CreateIndex
CREATE INDEX "students_first_name_second_name_names_idx" ON "students"("first_name", "second_name", "names");

-- CreateIndex
CREATE INDEX "students_is_active_career_id_idx" ON "students"("is_active", "career_id");

-- CreateIndex
CREATE INDEX "students_career_id_idx" ON "students"("career_id");

-- CreateIndex
CREATE INDEX "students_current_group_id_idx" ON "students"("current_group_id");

-- CreateIndex
CREATE INDEX "students_status_id_idx" ON "students"("status_id");

-- CreateIndex
CREATE INDEX "students_civil_state_id_idx" ON "students"("civil_state_id");

-- CreateIndex
CREATE INDEX "students_cicle_start_id_idx" ON "students"("cicle_start_id");

-- CreateIndex
CREATE INDEX "students_cicle_id_idx" ON "students"("cicle_id");

-- CreateIndex
CREATE INDEX "students_occupation_id_idx" ON "students"("occupation_id");

-- CreateIndex
CREATE INDEX "students_nation_id_idx" ON "students"("nation_id");

-- CreateIndex
CREATE INDEX "students_place_birth_id_idx" ON "students"("place_birth_id");

-- CreateIndex
CREATE INDEX "students_academic_origin_id_idx" ON "students"("academic_origin_id");

-- CreateIndex
CREATE INDEX "addresses_city_id_idx" ON "addresses"("city_id");

-- CreateIndex
CREATE INDEX "addresses_state_id_idx" ON "addresses"("state_id");

-- CreateIndex
CREATE INDEX "addresses_cp_idx" ON "addresses"("cp");

-- CreateIndex
CREATE INDEX "addresses_source_parent_id_idx" ON "addresses"("source", "parent_id");

-- CreateIndex
CREATE INDEX "medical_options_category_status_idx" ON "medical_options"("category", "status");

-- CreateIndex
CREATE UNIQUE INDEX "families_address_id_key" ON "families"("address_id");

-- CreateIndex
CREATE INDEX "families_first_name_second_name_names_idx" ON "families"("first_name", "second_name", "names");

-- CreateIndex
CREATE INDEX "families_company_id_idx" ON "families"("company_id");

-- CreateIndex
CREATE INDEX "families_occupation_id_idx" ON "families"("occupation_id");

-- CreateIndex
CREATE INDEX "student_families_family_id_idx" ON "student_families"("family_id");

-- CreateIndex
CREATE INDEX "student_families_parent_type_id_idx" ON "student_families"("parent_type_id");

-- CreateIndex
CREATE UNIQUE INDEX "student_families_student_id_family_id_key" ON "student_families"("student_id", "family_id");

-- CreateIndex
CREATE INDEX "companies_name_idx" ON "companies"("name");

-- CreateIndex
CREATE INDEX "student_comments_category_item_id_idx" ON "student_comments"("category", "item_id");

-- CreateIndex
CREATE INDEX "student_comments_user_id_idx" ON "student_comments"("user_id");

-- CreateIndex
CREATE INDEX "document_types_category_status_idx" ON "document_types"("category", "status");

-- CreateIndex
CREATE INDEX "student_documents_student_id_doc_type_id_idx" ON "student_documents"("student_id", "doc_type_id");

-- CreateIndex
CREATE INDEX "student_documents_aspirant_id_idx" ON "student_documents"("aspirant_id");

-- CreateIndex
CREATE INDEX "student_documents_doc_type_id_idx" ON "student_documents"("doc_type_id");

-- CreateIndex
CREATE INDEX "student_movements_student_id_idx" ON "student_movements"("student_id");

-- CreateIndex
CREATE INDEX "student_movements_from_group_id_idx" ON "student_movements"("from_group_id");

-- CreateIndex
CREATE INDEX "student_movements_to_group_id_idx" ON "student_movements"("to_group_id");

-- CreateIndex
CREATE INDEX "student_movements_cicle_id_idx" ON "student_movements"("cicle_id");

-- CreateIndex
CREATE INDEX "student_movements_user_id_idx" ON "student_movements"("user_id");

-- CreateIndex
CREATE INDEX "terminations_student_id_idx" ON "terminations"("student_id");

-- CreateIndex
CREATE INDEX "terminations_type_id_idx" ON "terminations"("type_id");

-- CreateIndex
CREATE INDEX "terminations_cicle_id_idx" ON "terminations"("cicle_id");

-- CreateIndex
CREATE INDEX "terminations_user_id_idx" ON "terminations"("user_id");

-- CreateIndex
CREATE INDEX "terminations_career_id_idx" ON "terminations"("career_id");

-- CreateIndex
CREATE UNIQUE INDEX "termination_types_code_key" ON "termination_types"("code");

-- CreateIndex
CREATE INDEX "student_periods_cicle_id_idx" ON "student_periods"("cicle_id");

-- CreateIndex
CREATE UNIQUE INDEX "student_periods_student_id_cicle_id_key" ON "student_periods"("student_id", "cicle_id");

-- CreateIndex
CREATE INDEX "student_subjects_student_id_subject_id_idx" ON "student_subjects"("student_id", "subject_id");

-- CreateIndex
CREATE INDEX "student_subjects_cicle_id_idx" ON "student_subjects"("cicle_id");

-- CreateIndex
CREATE INDEX "student_subjects_subject_id_idx" ON "student_subjects"("subject_id");

-- AddForeignKey
ALTER TABLE "academic_deptos" ADD CONSTRAINT "academic_deptos_campus_id_fkey" FOREIGN KEY ("campus_id") REFERENCES "campuses"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "careers" ADD CONSTRAINT "careers_iedu_id_fkey" FOREIGN KEY ("iedu_id") REFERENCES "iedus"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "careers" ADD CONSTRAINT "careers_campus_id_fkey" FOREIGN KEY ("campus_id") REFERENCES "campuses"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "careers" ADD CONSTRAINT "careers_department_id_fkey" FOREIGN KEY ("department_id") REFERENCES "academic_deptos"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "cicles" ADD CONSTRAINT "cicles_campus_id_fkey" FOREIGN KEY ("campus_id") REFERENCES "campuses"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "partials" ADD CONSTRAINT "partials_cicle_id_fkey" FOREIGN KEY ("cicle_id") REFERENCES "cicles"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "study_plans" ADD CONSTRAINT "study_plans_career_id_fkey" FOREIGN KEY ("career_id") REFERENCES "careers"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "study_plans" ADD CONSTRAINT "study_plans_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "study_plans" ADD CONSTRAINT "study_plans_plan_type_id_fkey" FOREIGN KEY ("plan_type_id") REFERENCES "catalogs"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "study_plan_documents" ADD CONSTRAINT "study_plan_documents_study_plan_id_fkey" FOREIGN KEY ("study_plan_id") REFERENCES "study_plans"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "study_plan_documents" ADD CONSTRAINT "study_plan_documents_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "subjects" ADD CONSTRAINT "subjects_study_plan_id_fkey" FOREIGN KEY ("study_plan_id") REFERENCES "study_plans"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "subject_prerequisites" ADD CONSTRAINT "subject_prerequisites_subject_id_fkey" FOREIGN KEY ("subject_id") REFERENCES "subjects"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "subject_prerequisites" ADD CONSTRAINT "subject_prerequisites_prerequisite_id_fkey" FOREIGN KEY ("prerequisite_id") REFERENCES "subjects"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "teachers" ADD CONSTRAINT "teachers_place_birth_id_fkey" FOREIGN KEY ("place_birth_id") REFERENCES "states"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "teachers" ADD CONSTRAINT "teachers_academic_level_id_fkey" FOREIGN KEY ("academic_level_id") REFERENCES "catalogs"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "teachers" ADD CONSTRAINT "teachers_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "teachers" ADD CONSTRAINT "teachers_civil_state_id_fkey" FOREIGN KEY ("civil_state_id") REFERENCES "catalogs"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "teachers" ADD CONSTRAINT "teachers_address_id_fkey" FOREIGN KEY ("address_id") REFERENCES "addresses"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "teachers" ADD CONSTRAINT "teachers_medical_sheet_id_fkey" FOREIGN KEY ("medical_sheet_id") REFERENCES "medical_sheets"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "teachers" ADD CONSTRAINT "teachers_nation_id_fkey" FOREIGN KEY ("nation_id") REFERENCES "countries"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "teacher_accounts" ADD CONSTRAINT "teacher_accounts_teacher_id_fkey" FOREIGN KEY ("teacher_id") REFERENCES "teachers"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "teacher_careers" ADD CONSTRAINT "teacher_careers_teacher_id_fkey" FOREIGN KEY ("teacher_id") REFERENCES "teachers"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "teacher_careers" ADD CONSTRAINT "teacher_careers_career_id_fkey" FOREIGN KEY ("career_id") REFERENCES "careers"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "teacher_documents" ADD CONSTRAINT "teacher_documents_teacher_id_fkey" FOREIGN KEY ("teacher_id") REFERENCES "teachers"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "teacher_documents" ADD CONSTRAINT "teacher_documents_doc_type_id_fkey" FOREIGN KEY ("doc_type_id") REFERENCES "document_types"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "teacher_experiences" ADD CONSTRAINT "teacher_experiences_teacher_id_fkey" FOREIGN KEY ("teacher_id") REFERENCES "teachers"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "teacher_studies" ADD CONSTRAINT "teacher_studies_teacher_id_fkey" FOREIGN KEY ("teacher_id") REFERENCES "teachers"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "swear_careers" ADD CONSTRAINT "swear_careers_student_id_fkey" FOREIGN KEY ("student_id") REFERENCES "students"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "swear_careers" ADD CONSTRAINT "swear_careers_career_id_fkey" FOREIGN KEY ("career_id") REFERENCES "careers"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "swear_careers" ADD CONSTRAINT "swear_careers_cicle_id_fkey" FOREIGN KEY ("cicle_id") REFERENCES "cicles"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "swear_careers" ADD CONSTRAINT "swear_careers_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "electronic_titles" ADD CONSTRAINT "electronic_titles_swear_id_fkey" FOREIGN KEY ("swear_id") REFERENCES "swear_careers"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "electronic_titles" ADD CONSTRAINT "electronic_titles_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "electronic_titles" ADD CONSTRAINT "electronic_titles_authorization_id_fkey" FOREIGN KEY ("authorization_id") REFERENCES "catalogs"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "electronic_titles" ADD CONSTRAINT "electronic_titles_career_id_fkey" FOREIGN KEY ("career_id") REFERENCES "careers"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "electronic_titles" ADD CONSTRAINT "electronic_titles_modality_id_fkey" FOREIGN KEY ("modality_id") REFERENCES "catalogs"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "electronic_titles" ADD CONSTRAINT "electronic_titles_legal_basis_id_fkey" FOREIGN KEY ("legal_basis_id") REFERENCES "catalogs"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "electronic_titles" ADD CONSTRAINT "electronic_titles_entity_id_fkey" FOREIGN KEY ("entity_id") REFERENCES "catalogs"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "electronic_titles" ADD CONSTRAINT "electronic_titles_antecedent_type_id_fkey" FOREIGN KEY ("antecedent_type_id") REFERENCES "catalogs"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "electronic_titles" ADD CONSTRAINT "electronic_titles_antecedent_entity_id_fkey" FOREIGN KEY ("antecedent_entity_id") REFERENCES "catalogs"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "title_logs" ADD CONSTRAINT "title_logs_title_id_fkey" FOREIGN KEY ("title_id") REFERENCES "electronic_titles"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "title_logs" ADD CONSTRAINT "title_logs_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "title_responsables" ADD CONSTRAINT "title_responsables_charge_id_fkey" FOREIGN KEY ("charge_id") REFERENCES "catalogs"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "courses" ADD CONSTRAINT "courses_career_id_fkey" FOREIGN KEY ("career_id") REFERENCES "careers"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "course_groups" ADD CONSTRAINT "course_groups_shift_id_fkey" FOREIGN KEY ("shift_id") REFERENCES "shifts"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "course_groups" ADD CONSTRAINT "course_groups_cicle_id_fkey" FOREIGN KEY ("cicle_id") REFERENCES "cicles"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "course_groups" ADD CONSTRAINT "course_groups_teacher_id_fkey" FOREIGN KEY ("teacher_id") REFERENCES "teachers"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "course_groups" ADD CONSTRAINT "course_groups_course_id_fkey" FOREIGN KEY ("course_id") REFERENCES "courses"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "course_groups" ADD CONSTRAINT "course_groups_study_plan_id_fkey" FOREIGN KEY ("study_plan_id") REFERENCES "study_plans"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "course_students" ADD CONSTRAINT "course_students_group_id_fkey" FOREIGN KEY ("group_id") REFERENCES "course_groups"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "course_students" ADD CONSTRAINT "course_students_student_id_fkey" FOREIGN KEY ("student_id") REFERENCES "students"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "auth_sessions" ADD CONSTRAINT "auth_sessions_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "sales" ADD CONSTRAINT "sales_student_id_fkey" FOREIGN KEY ("student_id") REFERENCES "students"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "sales" ADD CONSTRAINT "sales_aspirant_id_fkey" FOREIGN KEY ("aspirant_id") REFERENCES "aspirants"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "sales" ADD CONSTRAINT "sales_cicle_id_fkey" FOREIGN KEY ("cicle_id") REFERENCES "cicles"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "sales" ADD CONSTRAINT "sales_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "sales" ADD CONSTRAINT "sales_career_id_fkey" FOREIGN KEY ("career_id") REFERENCES "careers"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "sales" ADD CONSTRAINT "sales_payment_method_id_fkey" FOREIGN KEY ("payment_method_id") REFERENCES "catalogs"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "sale_details" ADD CONSTRAINT "sale_details_sale_id_fkey" FOREIGN KEY ("sale_id") REFERENCES "sales"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "sale_details" ADD CONSTRAINT "sale_details_concept_id_fkey" FOREIGN KEY ("concept_id") REFERENCES "concepts"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "payments" ADD CONSTRAINT "payments_sale_id_fkey" FOREIGN KEY ("sale_id") REFERENCES "sales"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "payments" ADD CONSTRAINT "payments_method_id_fkey" FOREIGN KEY ("method_id") REFERENCES "catalogs"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "payments" ADD CONSTRAINT "payments_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "references" ADD CONSTRAINT "references_ref_sale_id_fkey" FOREIGN KEY ("ref_sale_id") REFERENCES "sales"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "concepts" ADD CONSTRAINT "concepts_price_list_id_fkey" FOREIGN KEY ("price_list_id") REFERENCES "price_lists"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "concepts" ADD CONSTRAINT "concepts_category_id_fkey" FOREIGN KEY ("category_id") REFERENCES "catalogs"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "concepts" ADD CONSTRAINT "concepts_recurrency_id_fkey" FOREIGN KEY ("recurrency_id") REFERENCES "catalogs"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "concepts" ADD CONSTRAINT "concepts_shift_id_fkey" FOREIGN KEY ("shift_id") REFERENCES "shifts"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "concept_discounts" ADD CONSTRAINT "concept_discounts_concept_id_fkey" FOREIGN KEY ("concept_id") REFERENCES "concepts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "concept_discounts" ADD CONSTRAINT "concept_discounts_career_id_fkey" FOREIGN KEY ("career_id") REFERENCES "careers"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "sale_discounts" ADD CONSTRAINT "sale_discounts_sale_id_fkey" FOREIGN KEY ("sale_id") REFERENCES "sales"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "sale_discounts" ADD CONSTRAINT "sale_discounts_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "price_lists" ADD CONSTRAINT "price_lists_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "price_lists" ADD CONSTRAINT "price_lists_campus_id_fkey" FOREIGN KEY ("campus_id") REFERENCES "campuses"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "list_careers" ADD CONSTRAINT "list_careers_career_id_fkey" FOREIGN KEY ("career_id") REFERENCES "careers"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "list_careers" ADD CONSTRAINT "list_careers_price_list_id_fkey" FOREIGN KEY ("price_list_id") REFERENCES "price_lists"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "recurrents" ADD CONSTRAINT "recurrents_student_id_fkey" FOREIGN KEY ("student_id") REFERENCES "students"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "recurrents" ADD CONSTRAINT "recurrents_cicle_id_fkey" FOREIGN KEY ("cicle_id") REFERENCES "cicles"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "recurrents" ADD CONSTRAINT "recurrents_sale_id_fkey" FOREIGN KEY ("sale_id") REFERENCES "sales"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "recurrents" ADD CONSTRAINT "recurrents_concept_id_fkey" FOREIGN KEY ("concept_id") REFERENCES "concepts"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "scholarships" ADD CONSTRAINT "scholarships_concept_id_fkey" FOREIGN KEY ("concept_id") REFERENCES "concepts"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "scholarships" ADD CONSTRAINT "scholarships_career_id_fkey" FOREIGN KEY ("career_id") REFERENCES "careers"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "student_ships" ADD CONSTRAINT "student_ships_student_id_fkey" FOREIGN KEY ("student_id") REFERENCES "students"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "student_ships" ADD CONSTRAINT "student_ships_scholar_ship_id_fkey" FOREIGN KEY ("scholar_ship_id") REFERENCES "scholarships"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "student_ships" ADD CONSTRAINT "student_ships_cicle_id_fkey" FOREIGN KEY ("cicle_id") REFERENCES "cicles"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "student_ships" ADD CONSTRAINT "student_ships_created_by_id_fkey" FOREIGN KEY ("created_by_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "student_ships" ADD CONSTRAINT "student_ships_finish_by_id_fkey" FOREIGN KEY ("finish_by_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "aspirants" ADD CONSTRAINT "aspirants_cicle_id_fkey" FOREIGN KEY ("cicle_id") REFERENCES "cicles"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "aspirants" ADD CONSTRAINT "aspirants_nation_id_fkey" FOREIGN KEY ("nation_id") REFERENCES "countries"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "aspirants" ADD CONSTRAINT "aspirants_career_id_fkey" FOREIGN KEY ("career_id") REFERENCES "careers"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "aspirants" ADD CONSTRAINT "aspirants_campus_id_fkey" FOREIGN KEY ("campus_id") REFERENCES "campuses"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "aspirants" ADD CONSTRAINT "aspirants_shift_id_fkey" FOREIGN KEY ("shift_id") REFERENCES "shifts"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "aspirants" ADD CONSTRAINT "aspirants_civil_state_id_fkey" FOREIGN KEY ("civil_state_id") REFERENCES "catalogs"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "aspirants" ADD CONSTRAINT "aspirants_how_find_id_fkey" FOREIGN KEY ("how_find_id") REFERENCES "catalogs"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "aspirants" ADD CONSTRAINT "aspirants_occupation_id_fkey" FOREIGN KEY ("occupation_id") REFERENCES "occupations"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "aspirants" ADD CONSTRAINT "aspirants_school_origin_id_fkey" FOREIGN KEY ("school_origin_id") REFERENCES "school_origins"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "aspirants" ADD CONSTRAINT "aspirants_address_id_fkey" FOREIGN KEY ("address_id") REFERENCES "addresses"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "aspirants" ADD CONSTRAINT "aspirants_place_birth_id_fkey" FOREIGN KEY ("place_birth_id") REFERENCES "states"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "aspirants" ADD CONSTRAINT "aspirants_origin_state_id_fkey" FOREIGN KEY ("origin_state_id") REFERENCES "states"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "aspirants" ADD CONSTRAINT "aspirants_origin_country_id_fkey" FOREIGN KEY ("origin_country_id") REFERENCES "countries"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "aspirants" ADD CONSTRAINT "aspirants_sale_id_fkey" FOREIGN KEY ("sale_id") REFERENCES "sales"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "aspirants" ADD CONSTRAINT "aspirants_student_id_fkey" FOREIGN KEY ("student_id") REFERENCES "students"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "aspirants" ADD CONSTRAINT "aspirants_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "aspirants" ADD CONSTRAINT "aspirants_contact_type_id_fkey" FOREIGN KEY ("contact_type_id") REFERENCES "catalogs"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "school_origins" ADD CONSTRAINT "school_origins_address_id_fkey" FOREIGN KEY ("address_id") REFERENCES "addresses"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "school_origins" ADD CONSTRAINT "school_origins_city_id_fkey" FOREIGN KEY ("city_id") REFERENCES "cities"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "reinscriptions" ADD CONSTRAINT "reinscriptions_student_id_fkey" FOREIGN KEY ("student_id") REFERENCES "students"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "reinscriptions" ADD CONSTRAINT "reinscriptions_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "reinscriptions" ADD CONSTRAINT "reinscriptions_sale_id_fkey" FOREIGN KEY ("sale_id") REFERENCES "sales"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "reinscriptions" ADD CONSTRAINT "reinscriptions_cicle_from_id_fkey" FOREIGN KEY ("cicle_from_id") REFERENCES "cicles"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "reinscriptions" ADD CONSTRAINT "reinscriptions_cicle_to_id_fkey" FOREIGN KEY ("cicle_to_id") REFERENCES "cicles"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "reinscriptions" ADD CONSTRAINT "reinscriptions_from_group_id_fkey" FOREIGN KEY ("from_group_id") REFERENCES "groups"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "reinscriptions" ADD CONSTRAINT "reinscriptions_to_group_id_fkey" FOREIGN KEY ("to_group_id") REFERENCES "groups"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "reinscriptions" ADD CONSTRAINT "reinscriptions_career_id_fkey" FOREIGN KEY ("career_id") REFERENCES "careers"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_type_voucher_id_fkey" FOREIGN KEY ("type_voucher_id") REFERENCES "type_vouchers"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_fiscal_regime_id_fkey" FOREIGN KEY ("fiscal_regime_id") REFERENCES "fiscal_regimes"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_cfdi_type_id_fkey" FOREIGN KEY ("cfdi_type_id") REFERENCES "cfdi_types"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_receiver_regime_id_fkey" FOREIGN KEY ("receiver_regime_id") REFERENCES "fiscal_regimes"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_payment_form_id_fkey" FOREIGN KEY ("payment_form_id") REFERENCES "payment_forms"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_payment_method_id_fkey" FOREIGN KEY ("payment_method_id") REFERENCES "payment_methods"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_type_relation_id_fkey" FOREIGN KEY ("type_relation_id") REFERENCES "type_relations"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_sale_id_fkey" FOREIGN KEY ("sale_id") REFERENCES "sales"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "invoice_concepts" ADD CONSTRAINT "invoice_concepts_invoice_id_fkey" FOREIGN KEY ("invoice_id") REFERENCES "invoices"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "invoice_concepts" ADD CONSTRAINT "invoice_concepts_prod_serv_id_fkey" FOREIGN KEY ("prod_serv_id") REFERENCES "prod_servs"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "invoice_concepts" ADD CONSTRAINT "invoice_concepts_unit_id_fkey" FOREIGN KEY ("unit_id") REFERENCES "units"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "invoice_taxes" ADD CONSTRAINT "invoice_taxes_invoice_concept_id_fkey" FOREIGN KEY ("invoice_concept_id") REFERENCES "invoice_concepts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "invoice_data" ADD CONSTRAINT "invoice_data_student_id_fkey" FOREIGN KEY ("student_id") REFERENCES "students"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "invoice_data" ADD CONSTRAINT "invoice_data_fiscal_regime_id_fkey" FOREIGN KEY ("fiscal_regime_id") REFERENCES "fiscal_regimes"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "invoice_data" ADD CONSTRAINT "invoice_data_cfdi_type_id_fkey" FOREIGN KEY ("cfdi_type_id") REFERENCES "cfdi_types"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "users" ADD CONSTRAINT "users_current_group_id_fkey" FOREIGN KEY ("current_group_id") REFERENCES "groups"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_role_id_fkey" FOREIGN KEY ("role_id") REFERENCES "roles"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "user_permissions" ADD CONSTRAINT "user_permissions_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "user_permissions" ADD CONSTRAINT "user_permissions_permission_id_fkey" FOREIGN KEY ("permission_id") REFERENCES "permissions"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "user_careers" ADD CONSTRAINT "user_careers_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "user_careers" ADD CONSTRAINT "user_careers_career_id_fkey" FOREIGN KEY ("career_id") REFERENCES "careers"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_campus_id_fkey" FOREIGN KEY ("campus_id") REFERENCES "campuses"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_cicle_id_fkey" FOREIGN KEY ("cicle_id") REFERENCES "cicles"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "catalogs" ADD CONSTRAINT "catalogs_clas_id_fkey" FOREIGN KEY ("clas_id") REFERENCES "clasifications"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "states" ADD CONSTRAINT "states_country_id_fkey" FOREIGN KEY ("country_id") REFERENCES "countries"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "cities" ADD CONSTRAINT "cities_state_id_fkey" FOREIGN KEY ("state_id") REFERENCES "states"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "polls" ADD CONSTRAINT "polls_poll_type_id_fkey" FOREIGN KEY ("poll_type_id") REFERENCES "catalogs"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "poll_sections" ADD CONSTRAINT "poll_sections_poll_id_fkey" FOREIGN KEY ("poll_id") REFERENCES "polls"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "poll_questions" ADD CONSTRAINT "poll_questions_section_id_fkey" FOREIGN KEY ("section_id") REFERENCES "poll_sections"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "poll_questions" ADD CONSTRAINT "poll_questions_question_type_id_fkey" FOREIGN KEY ("question_type_id") REFERENCES "catalogs"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "poll_assignments" ADD CONSTRAINT "poll_assignments_poll_id_fkey" FOREIGN KEY ("poll_id") REFERENCES "polls"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "poll_assignments" ADD CONSTRAINT "poll_assignments_cicle_id_fkey" FOREIGN KEY ("cicle_id") REFERENCES "cicles"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "poll_assign_careers" ADD CONSTRAINT "poll_assign_careers_assignment_id_fkey" FOREIGN KEY ("assignment_id") REFERENCES "poll_assignments"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "poll_assign_careers" ADD CONSTRAINT "poll_assign_careers_career_id_fkey" FOREIGN KEY ("career_id") REFERENCES "careers"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "poll_results" ADD CONSTRAINT "poll_results_assignment_id_fkey" FOREIGN KEY ("assignment_id") REFERENCES "poll_assignments"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "poll_results" ADD CONSTRAINT "poll_results_question_id_fkey" FOREIGN KEY ("question_id") REFERENCES "poll_questions"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "poll_results" ADD CONSTRAINT "poll_results_student_id_fkey" FOREIGN KEY ("student_id") REFERENCES "students"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "poll_results" ADD CONSTRAINT "poll_results_teacher_id_fkey" FOREIGN KEY ("teacher_id") REFERENCES "teachers"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "poll_results" ADD CONSTRAINT "poll_results_schedule_id_fkey" FOREIGN KEY ("schedule_id") REFERENCES "schedules"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "teacher_evaluations" ADD CONSTRAINT "teacher_evaluations_student_id_fkey" FOREIGN KEY ("student_id") REFERENCES "students"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "teacher_evaluations" ADD CONSTRAINT "teacher_evaluations_schedule_id_fkey" FOREIGN KEY ("schedule_id") REFERENCES "schedules"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "teacher_evaluations" ADD CONSTRAINT "teacher_evaluations_teacher_id_fkey" FOREIGN KEY ("teacher_id") REFERENCES "teachers"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "teacher_evaluations" ADD CONSTRAINT "teacher_evaluations_assignment_id_fkey" FOREIGN KEY ("assignment_id") REFERENCES "poll_assignments"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "groups" ADD CONSTRAINT "groups_shift_id_fkey" FOREIGN KEY ("shift_id") REFERENCES "shifts"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "groups" ADD CONSTRAINT "groups_cicle_id_fkey" FOREIGN KEY ("cicle_id") REFERENCES "cicles"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "groups" ADD CONSTRAINT "groups_tutor_id_fkey" FOREIGN KEY ("tutor_id") REFERENCES "teachers"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "groups" ADD CONSTRAINT "groups_boss_id_fkey" FOREIGN KEY ("boss_id") REFERENCES "students"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "groups" ADD CONSTRAINT "groups_career_id_fkey" FOREIGN KEY ("career_id") REFERENCES "careers"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "groups" ADD CONSTRAINT "groups_study_plan_id_fkey" FOREIGN KEY ("study_plan_id") REFERENCES "study_plans"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "groups" ADD CONSTRAINT "groups_last_group_id_fkey" FOREIGN KEY ("last_group_id") REFERENCES "groups"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "student_groups" ADD CONSTRAINT "student_groups_subject_id_fkey" FOREIGN KEY ("subject_id") REFERENCES "subjects"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "student_groups" ADD CONSTRAINT "student_groups_student_id_fkey" FOREIGN KEY ("student_id") REFERENCES "students"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "student_groups" ADD CONSTRAINT "student_groups_group_id_fkey" FOREIGN KEY ("group_id") REFERENCES "groups"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_group_id_fkey" FOREIGN KEY ("group_id") REFERENCES "groups"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_teacher_id_fkey" FOREIGN KEY ("teacher_id") REFERENCES "teachers"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_subject_id_fkey" FOREIGN KEY ("subject_id") REFERENCES "subjects"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "schedule_hours" ADD CONSTRAINT "schedule_hours_schedule_id_fkey" FOREIGN KEY ("schedule_id") REFERENCES "schedules"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "scores" ADD CONSTRAINT "scores_partial_id_fkey" FOREIGN KEY ("partial_id") REFERENCES "partials"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "scores" ADD CONSTRAINT "scores_student_id_fkey" FOREIGN KEY ("student_id") REFERENCES "students"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "scores" ADD CONSTRAINT "scores_schedule_id_fkey" FOREIGN KEY ("schedule_id") REFERENCES "schedules"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "score_tracks" ADD CONSTRAINT "score_tracks_score_id_fkey" FOREIGN KEY ("score_id") REFERENCES "scores"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "score_tracks" ADD CONSTRAINT "score_tracks_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "factors" ADD CONSTRAINT "factors_schedule_id_fkey" FOREIGN KEY ("schedule_id") REFERENCES "schedules"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "factors" ADD CONSTRAINT "factors_partial_id_fkey" FOREIGN KEY ("partial_id") REFERENCES "partials"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "factor_scores" ADD CONSTRAINT "factor_scores_factor_id_fkey" FOREIGN KEY ("factor_id") REFERENCES "factors"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "factor_scores" ADD CONSTRAINT "factor_scores_student_id_fkey" FOREIGN KEY ("student_id") REFERENCES "students"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "period_exceptions" ADD CONSTRAINT "period_exceptions_schedule_id_fkey" FOREIGN KEY ("schedule_id") REFERENCES "schedules"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "period_exceptions" ADD CONSTRAINT "period_exceptions_partial_id_fkey" FOREIGN KEY ("partial_id") REFERENCES "partials"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "period_exceptions" ADD CONSTRAINT "period_exceptions_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "subject_cicles" ADD CONSTRAINT "subject_cicles_student_id_fkey" FOREIGN KEY ("student_id") REFERENCES "students"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "subject_cicles" ADD CONSTRAINT "subject_cicles_group_id_fkey" FOREIGN KEY ("group_id") REFERENCES "groups"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "subject_cicles" ADD CONSTRAINT "subject_cicles_cicle_id_fkey" FOREIGN KEY ("cicle_id") REFERENCES "cicles"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "subject_cicles" ADD CONSTRAINT "subject_cicles_subject_id_fkey" FOREIGN KEY ("subject_id") REFERENCES "subjects"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "recourses" ADD CONSTRAINT "recourses_student_id_fkey" FOREIGN KEY ("student_id") REFERENCES "students"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "recourses" ADD CONSTRAINT "recourses_cicle_from_id_fkey" FOREIGN KEY ("cicle_from_id") REFERENCES "cicles"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "recourses" ADD CONSTRAINT "recourses_cicle_to_id_fkey" FOREIGN KEY ("cicle_to_id") REFERENCES "cicles"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "recourses" ADD CONSTRAINT "recourses_group_id_fkey" FOREIGN KEY ("group_id") REFERENCES "groups"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "recourses" ADD CONSTRAINT "recourses_subject_id_fkey" FOREIGN KEY ("subject_id") REFERENCES "subjects"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "extraordinaries" ADD CONSTRAINT "extraordinaries_student_id_fkey" FOREIGN KEY ("student_id") REFERENCES "students"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "extraordinaries" ADD CONSTRAINT "extraordinaries_schedule_id_fkey" FOREIGN KEY ("schedule_id") REFERENCES "schedules"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "extraordinaries" ADD CONSTRAINT "extraordinaries_sale_id_fkey" FOREIGN KEY ("sale_id") REFERENCES "sales"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "extraordinaries" ADD CONSTRAINT "extraordinaries_approve_by_id_fkey" FOREIGN KEY ("approve_by_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "extraordinaries" ADD CONSTRAINT "extraordinaries_concept_id_fkey" FOREIGN KEY ("concept_id") REFERENCES "concepts"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "students" ADD CONSTRAINT "students_current_group_id_fkey" FOREIGN KEY ("current_group_id") REFERENCES "groups"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "students" ADD CONSTRAINT "students_status_id_fkey" FOREIGN KEY ("status_id") REFERENCES "catalogs"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "students" ADD CONSTRAINT "students_civil_state_id_fkey" FOREIGN KEY ("civil_state_id") REFERENCES "catalogs"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "students" ADD CONSTRAINT "students_career_id_fkey" FOREIGN KEY ("career_id") REFERENCES "careers"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "students" ADD CONSTRAINT "students_cicle_start_id_fkey" FOREIGN KEY ("cicle_start_id") REFERENCES "cicles"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "students" ADD CONSTRAINT "students_cicle_id_fkey" FOREIGN KEY ("cicle_id") REFERENCES "cicles"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "students" ADD CONSTRAINT "students_address_id_fkey" FOREIGN KEY ("address_id") REFERENCES "addresses"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "students" ADD CONSTRAINT "students_medical_sheet_id_fkey" FOREIGN KEY ("medical_sheet_id") REFERENCES "medical_sheets"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "students" ADD CONSTRAINT "students_occupation_id_fkey" FOREIGN KEY ("occupation_id") REFERENCES "occupations"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "students" ADD CONSTRAINT "students_nation_id_fkey" FOREIGN KEY ("nation_id") REFERENCES "countries"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "students" ADD CONSTRAINT "students_place_birth_id_fkey" FOREIGN KEY ("place_birth_id") REFERENCES "states"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "students" ADD CONSTRAINT "students_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "students" ADD CONSTRAINT "students_academic_origin_id_fkey" FOREIGN KEY ("academic_origin_id") REFERENCES "school_origins"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "addresses" ADD CONSTRAINT "addresses_city_id_fkey" FOREIGN KEY ("city_id") REFERENCES "cities"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "addresses" ADD CONSTRAINT "addresses_state_id_fkey" FOREIGN KEY ("state_id") REFERENCES "states"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "families" ADD CONSTRAINT "families_company_id_fkey" FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "families" ADD CONSTRAINT "families_occupation_id_fkey" FOREIGN KEY ("occupation_id") REFERENCES "occupations"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "families" ADD CONSTRAINT "families_address_id_fkey" FOREIGN KEY ("address_id") REFERENCES "addresses"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "student_families" ADD CONSTRAINT "student_families_student_id_fkey" FOREIGN KEY ("student_id") REFERENCES "students"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "student_families" ADD CONSTRAINT "student_families_family_id_fkey" FOREIGN KEY ("family_id") REFERENCES "families"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "student_families" ADD CONSTRAINT "student_families_parent_type_id_fkey" FOREIGN KEY ("parent_type_id") REFERENCES "catalogs"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "student_comments" ADD CONSTRAINT "student_comments_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "student_documents" ADD CONSTRAINT "student_documents_student_id_fkey" FOREIGN KEY ("student_id") REFERENCES "students"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "student_documents" ADD CONSTRAINT "student_documents_aspirant_id_fkey" FOREIGN KEY ("aspirant_id") REFERENCES "aspirants"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "student_documents" ADD CONSTRAINT "student_documents_doc_type_id_fkey" FOREIGN KEY ("doc_type_id") REFERENCES "document_types"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "student_movements" ADD CONSTRAINT "student_movements_student_id_fkey" FOREIGN KEY ("student_id") REFERENCES "students"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "student_movements" ADD CONSTRAINT "student_movements_from_group_id_fkey" FOREIGN KEY ("from_group_id") REFERENCES "groups"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "student_movements" ADD CONSTRAINT "student_movements_to_group_id_fkey" FOREIGN KEY ("to_group_id") REFERENCES "groups"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "student_movements" ADD CONSTRAINT "student_movements_cicle_id_fkey" FOREIGN KEY ("cicle_id") REFERENCES "cicles"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "student_movements" ADD CONSTRAINT "student_movements_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "terminations" ADD CONSTRAINT "terminations_student_id_fkey" FOREIGN KEY ("student_id") REFERENCES "students"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "terminations" ADD CONSTRAINT "terminations_type_id_fkey" FOREIGN KEY ("type_id") REFERENCES "termination_types"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "terminations" ADD CONSTRAINT "terminations_cicle_id_fkey" FOREIGN KEY ("cicle_id") REFERENCES "cicles"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "terminations" ADD CONSTRAINT "terminations_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "terminations" ADD CONSTRAINT "terminations_career_id_fkey" FOREIGN KEY ("career_id") REFERENCES "careers"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "student_periods" ADD CONSTRAINT "student_periods_student_id_fkey" FOREIGN KEY ("student_id") REFERENCES "students"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "student_periods" ADD CONSTRAINT "student_periods_cicle_id_fkey" FOREIGN KEY ("cicle_id") REFERENCES "cicles"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "student_subjects" ADD CONSTRAINT "student_subjects_student_id_fkey" FOREIGN KEY ("student_id") REFERENCES "students"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "student_subjects" ADD CONSTRAINT "student_subjects_cicle_id_fkey" FOREIGN KEY ("cicle_id") REFERENCES "cicles"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "student_subjects" ADD CONSTRAINT "student_subjects_subject_id_fkey" FOREIGN KEY ("subject_id") REFERENCES "subjects"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
