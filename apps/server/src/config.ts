import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0'])
  .transform((v) => v === 'true' || v === '1');

/** Every environment variable the server reads, with its default. The README table mirrors this. */
export const ConfigSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z.string().url().optional(),
  DATA_DIR: z.string().default('./.data'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Load the demo organisation into an empty database at start. */
  DEMO_DATA: bool.default(true),
  /** Multiplies the demo organisation's partners and policies (benchmarks). */
  DEMO_SCALE: z.coerce.number().positive().max(100).default(1),
  DEMO_SEED: z.coerce.number().int().default(20261121),
  /** Session token lifetimes. */
  TOKEN_IDLE_MINUTES: z.coerce.number().int().positive().default(60),
  TOKEN_ABSOLUTE_HOURS: z.coerce.number().int().positive().default(12),
  LOGIN_RATE_LIMIT: z.coerce.number().int().positive().default(10),
  /** Report emails one user may request per minute. */
  MAIL_RATE_LIMIT: z.coerce.number().int().positive().default(10),
  /** JSON array of hand-off targets {key,name,url,value,kind}; defaults to the built-in demo portal. */
  PORTAL_TARGETS: z.string().optional(),
  HANDOFF_TTL_SECONDS: z.coerce.number().int().positive().max(600).default(60),
  /** Built web app to serve at /; defaults to apps/web/dist. */
  WEB_DIST: z.string().optional(),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  /** How often the roll-up ETL runs (it also runs at start and on demand). */
  ETL_INTERVAL_SECONDS: z.coerce.number().int().min(5).max(86_400).default(300),
  /** Report queries go to this PostgreSQL (a read replica) when set. */
  REPORTING_DATABASE_URL: z.string().url().optional(),
  /** Call centre telephony: the built-in simulator, or an Exotel-compatible HTTP API (EXOTEL_*). */
  TELEPHONY_PROVIDER: z.enum(['simulator', 'exotel']).default('simulator'),
  /** realistic: random outcomes and timings; deterministic: fixed timings, numbers ending 000/111 unanswered/busy. */
  TELEPHONY_SIMULATOR_MODE: z.enum(['realistic', 'deterministic']).default('realistic'),
  /** Pull a call's details from the provider when no status callback came for this long. */
  TELEPHONY_FALLBACK_SECONDS: z.coerce.number().int().min(5).max(3600).default(90),
  TELEPHONY_TIMEOUT_MS: z.coerce.number().int().min(500).max(60_000).default(10_000),
  /** Calls one user may place per minute. */
  CALL_RATE_LIMIT: z.coerce.number().int().positive().default(6),
  /** Base URL at which the provider reaches this server's status callback, e.g. https://dossier.example.com. */
  PUBLIC_BASE_URL: z.string().url().optional(),
  EXOTEL_API_URL: z.string().url().optional(),
  EXOTEL_ACCOUNT_SID: z.string().optional(),
  EXOTEL_API_KEY: z.string().optional(),
  EXOTEL_API_TOKEN: z.string().optional(),
  EXOTEL_CALLER_ID: z.string().optional(),
  /** Secret path segment of the status-callback URL; callbacks without it are refused. */
  EXOTEL_CALLBACK_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  /** Outgoing mail server, e.g. smtp://user:pass@host:587; unset = mails are written as .eml files to DATA_DIR/outbox. */
  SMTP_URL: z.string().regex(/^smtps?:\/\/[^\s]+$/, 'expected smtp://… or smtps://…').optional(),
  MAIL_FROM: z.string().default('Dossier <no-reply@dossier.local>'),
  /** Bearer token /metrics requires; unset = /metrics answers loopback callers only. */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
});
export type Config = z.infer<typeof ConfigSchema>;

/** Parses the environment; throws one readable message listing every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // Empty strings mean "unset" (a common way to clear a variable in shells and compose files).
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = ConfigSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}
