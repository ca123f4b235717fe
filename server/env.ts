// The one place that reads process.env. Everything else imports `env` from here.
import { z } from 'zod';

const boolean = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((value) => value === 'true' || value === '1');

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  /** The production server's port (server/serve.ts). */
  PORT: z.coerce.number().int().min(1).max(65_535).default(3000),
  DATABASE_URL: z.string().min(1),
  /** Signs access tokens and next-auth cookies and derives the encryption key for stored secrets. */
  AUTH_SECRET: z.string().default(''),
  /** Set by `npm start` for the embedded database: the secret is generated and kept in .data. */
  PLANTEL_EMBEDDED: boolean,
  DB_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(5),
  /** API calls a process runs at once (server/http/admission.ts); four per DB_POOL_SIZE connection unless set, 0 for no limit. */
  API_CONCURRENCY: z.coerce.number().int().min(0).max(1000).optional(),
  ACCESS_TOKEN_MINUTES: z.coerce.number().int().min(1).max(24 * 60).default(15),
  REFRESH_TOKEN_DAYS: z.coerce.number().int().min(1).max(365).default(14),
  SESSION_HOURS: z.coerce.number().int().min(1).max(24 * 30).default(12),
  /** Public URL; session cookies are Secure when it is https. */
  NEXTAUTH_URL: z.string().default(''),
  JWT_ISSUER: z.string().default('plantel'),
  JWT_AUDIENCE: z.string().default('plantel-api'),
  LOGIN_MAX_FAILURES: z.coerce.number().int().min(1).default(5),
  LOGIN_LOCK_MINUTES: z.coerce.number().int().min(1).default(15),
  /** Where uploaded files live: a folder of this machine (UPLOAD_DIR) or S3-compatible object
   * storage (S3_*), which several app instances on several machines share. */
  STORAGE: z.enum(['local', 's3']).default('local'),
  UPLOAD_DIR: z.string().default('.data/uploads'),
  S3_BUCKET: z.string().default(''),
  /** Empty for AWS itself; MinIO's or another provider's URL otherwise. */
  S3_ENDPOINT: z.string().default(''),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().default(''),
  S3_SECRET_ACCESS_KEY: z.string().default(''),
  /** Bucket in the path (MinIO and most self-hosted servers) instead of in the host name. */
  S3_FORCE_PATH_STYLE: boolean,
  /** Keys start with it, so one bucket can hold several schools or environments. */
  S3_PREFIX: z.string().default(''),
  /**
   * API calls per minute, counted over every app instance (server/rate-limit): of one signed-in
   * user, and of one address for calls without a signed-in user. 0 turns a limit off.
   */
  RATE_LIMIT_USER_PER_MINUTE: z.coerce.number().int().min(0).default(1200),
  RATE_LIMIT_ADDRESS_PER_MINUTE: z.coerce.number().int().min(0).default(3000),
  /** Public document verifications (page, lookup and upload) a minute from one address; 0: no limit. */
  VERIFY_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(0).default(60),
  /** The structured logs' level (server/log.ts): one line per API request at `info`. */
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** A proxy in front replaces X-Forwarded-For with its client's address: believe it. Without a
   * proxy, leave it off, or any client could name its own address. */
  TRUST_PROXY: boolean,
  LOG_SQL: boolean,
  /** Checks every action's answer against its contract (lib/contracts) and fails the call when it
   * does not match: on in the API tests, off in production (where it would only cost time). */
  CHECK_ANSWERS: boolean,
  /** The Bearer token Prometheus scrapes /metrics with (signed-in staff may read it without). */
  METRICS_TOKEN: z.string().default(''),
  /** Who stamps invoices: the local fake of Finkok's protocol (demo, tests) or Finkok itself. */
  PAC_PROVIDER: z.enum(['fake', 'finkok']).default('fake'),
  /** Finkok's SOAP services; its test environment unless set. */
  PAC_URL: z.string().default('https://demo-facturacion.finkok.com/servicios/soap'),
  PAC_USER: z.string().default(''),
  PAC_PASSWORD: z.string().default(''),
  /** SEP's electronic-title service (SOAP): its QA endpoint unless set; `fake` runs an in-process fake of it. */
  SEP_TITLES_URL: z.string().default(''),
  SEP_TITLES_USER: z.string().default(''),
  SEP_TITLES_PASSWORD: z.string().default(''),
});

export type Env = z.infer<typeof schema>;

export const MIN_SECRET_LENGTH = 32;

function load(): Env {
  const parsed = schema.safeParse(process.env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid environment:\n  ${problems.join('\n  ')}`);
  }
  return parsed.data;
}

let cached: Env | undefined;

/** Lazily parsed so that `next build` (which imports modules without a database) works. */
export const env: Env = new Proxy({} as Env, {
  get(_target, key: string) {
    cached ??= load();
    return cached[key as keyof Env];
  },
});

/**
 * The secret alone, without parsing the rest: seeding runs before a DATABASE_URL exists, and it
 * encrypts the demo's keys with it.
 */
export function authSecret(): string {
  return cached?.AUTH_SECRET ?? process.env.AUTH_SECRET ?? '';
}

/** Problems that must stop a production server from starting (checked in instrumentation.ts). */
export function productionProblems(source: NodeJS.ProcessEnv = process.env): string[] {
  const problems: string[] = [];
  if (!source.DATABASE_URL) problems.push('DATABASE_URL is not set');
  const secret = source.AUTH_SECRET ?? '';
  if (secret.length < MIN_SECRET_LENGTH) {
    problems.push(`AUTH_SECRET is missing or shorter than ${MIN_SECRET_LENGTH} characters`);
  }
  if (source.STORAGE === 's3' && !source.S3_BUCKET) problems.push('STORAGE=s3 needs S3_BUCKET');
  return problems;
}
