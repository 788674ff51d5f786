import { isIP } from 'node:net';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/**
 * `.data` at the repository root, whatever the process's working directory (`npm start` and `npm run dossier`
 * run in apps/server): this file runs from apps/server/src, or bundled into apps/server/dist.
 */
export const DEFAULT_DATA_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../../../.data');

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** An IP address, a CIDR range (address/bits) or one of proxy-addr's named ranges. */
function isProxyAddress(value: string): boolean {
  if (PROXY_NAMES.has(value)) return true;
  const [address = '', bits, ...rest] = value.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  if (!/^\d{1,3}$/.test(bits)) return false;
  return Number(bits) <= (family === 4 ? 32 : 128);
}

const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

/** Every environment variable the server reads, with its default. The README table mirrors this. */
export const ConfigSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z.string().url().optional(),
  /** Relative values are relative to the working directory; the default is absolute (DEFAULT_DATA_DIR). */
  DATA_DIR: z.string().default(DEFAULT_DATA_DIR),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Load the demo organisation into an empty database at start. */
  DEMO_DATA: bool.default(true),
  /** Multiplies the demo organisation's partners and policies (benchmarks). */
  DEMO_SCALE: z.coerce.number().positive().max(100).default(1),
  DEMO_SEED: z.coerce.number().int().default(20261121),
  /** Session token lifetimes. */
  TOKEN_IDLE_MINUTES: z.coerce.number().int().positive().default(60),
  TOKEN_ABSOLUTE_HOURS: z.coerce.number().int().positive().default(12),
  /** Failed sign-ins one account may make from one client before each further attempt waits (30 s, doubling). */
  LOGIN_FAILURE_LIMIT: z.coerce.number().int().positive().max(1000).default(5),
  /** Failed sign-ins per minute over the whole service above which clients that failed lately must wait. */
  LOGIN_GLOBAL_FAILURE_LIMIT: z.coerce.number().int().positive().default(100),
  /**
   * Proxies whose X-Forwarded-For is believed: comma-separated addresses or CIDR ranges (also
   * `loopback`, `linklocal`, `uniquelocal`). Unset = none: the client address is the TCP peer.
   */
  TRUSTED_PROXIES: z
    .string()
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter((s) => s !== ''),
    )
    .pipe(
      z.array(
        z.string().refine(isProxyAddress, 'expected addresses or CIDR ranges (or loopback, linklocal, uniquelocal), comma-separated'),
      ),
    )
    .optional(),
  /** Report emails one user may request per minute. */
  MAIL_RATE_LIMIT: z.coerce.number().int().positive().default(10),
  /** JSON array of hand-off targets {key,name,url,value,kind}; defaults to the built-in demo portal. */
  PORTAL_TARGETS: z.string().optional(),
  HANDOFF_TTL_SECONDS: z.coerce.number().int().positive().max(600).default(60),
  /** Built web app to serve at /; defaults to apps/web/dist. */
  WEB_DIST: z.string().optional(),
  /** A request's body must arrive within this (408); an ingestion body may not fall silent for this long (decision 060). */
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(30_000),
  /** A connection with no traffic in either direction for this long is closed. */
  CONNECTION_TIMEOUT_MS: z.coerce.number().int().min(1000).max(3_600_000).default(120_000),
  /** Reports read from source tables (policy lists) one user may have running at once, per instance. */
  REPORT_CONCURRENCY_PER_USER: z.coerce.number().int().min(1).max(100).default(2),
  /** Reports read from source tables running at once per instance, all users together. */
  REPORT_CONCURRENCY: z.coerce.number().int().min(1).max(1000).default(8),
  /** How long such a report waits for a place when all REPORT_CONCURRENCY are taken, before 429. */
  REPORT_QUEUE_WAIT_MS: z.coerce.number().int().min(0).max(60_000).default(10_000),
  /** Memory the report cache of each instance may hold, in MiB; 0 turns the cache off (benchmarks of uncached figures). */
  REPORT_CACHE_MB: z.coerce.number().int().min(0).max(4096).default(64),
  /** Report queries are cancelled after this long (PostgreSQL statement_timeout). */
  REPORT_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(15_000),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  /** How often the roll-up ETL runs (it also runs at start and on demand). */
  ETL_INTERVAL_SECONDS: z.coerce.number().int().min(5).max(86_400).default(300),
  /** Sessions a full ETL rebuild spreads its groupings over on PostgreSQL (about the database server's cores); 0: one transaction. */
  ETL_REBUILD_SESSIONS: z.coerce.number().int().min(0).max(32).default(2),
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
  /**
   * Base URL at which the provider reaches this server's status callback, e.g. https://dossier.example.com, and
   * at which links in mails (password links, the daily brief) open the portal.
   */
  PUBLIC_BASE_URL: z.string().url().optional(),
  EXOTEL_API_URL: z.string().url().optional(),
  EXOTEL_ACCOUNT_SID: z.string().optional(),
  EXOTEL_API_KEY: z.string().optional(),
  EXOTEL_API_TOKEN: z.string().optional(),
  EXOTEL_CALLER_ID: z.string().optional(),
  /** Secret path segment of the status-callback URL; callbacks without it are refused. */
  EXOTEL_CALLBACK_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  /** Outgoing mail server, e.g. smtp://user:pass@host:587; unset = mails are written as .eml files to DATA_DIR/outbox. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/[^\s]+$/, 'expected smtp://… or smtps://…')
    .optional(),
  MAIL_FROM: z.string().default('Dossier <no-reply@dossier.local>'),
  /** Largest body POST /api/v1/ingest/{entity} accepts (413 beyond). */
  INGEST_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(256 * 1_048_576),
  /**
   * Audit rows older than this many months are deleted by the retention job (docs/operations.md, 'Database
   * roles'); 0 keeps them all.
   */
  AUDIT_RETENTION_MONTHS: z.coerce.number().int().min(0).max(1200).default(0),
  /** Bearer token /metrics requires; unset = /metrics answers loopback callers only. */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  /** The distributor's database the source connector reads (PostgreSQL or MySQL/MariaDB); needs SOURCE_CONFIG. */
  SOURCE_DATABASE_URL: z
    .string()
    .regex(/^(postgres|postgresql|mysql|mariadb):\/\/\S+$/i, 'expected postgres://…, postgresql://…, mysql://… or mariadb://…')
    .optional(),
  /** The source connector's configuration file (YAML or JSON): one SQL query per entity (docs/connector.md). */
  SOURCE_CONFIG: z.string().optional(),
  /** Password sign-in beside the identity provider; false leaves only the provider (docs/product/sign-in.md). */
  LOCAL_LOGIN: bool.default(true),
  /** The API description at /api/docs: for signed-in callers (a session token), for anyone, or not served. */
  API_DOCS: z.enum(['signed-in', 'public', 'off']).default('signed-in'),
  /** The company's OpenID Connect provider (issuer URL; its discovery document is read from there). */
  OIDC_ISSUER_URL: z.string().url().optional(),
  OIDC_CLIENT_ID: z.string().optional(),
  /** Unset for a public client (PKCE only). */
  OIDC_CLIENT_SECRET: z.string().optional(),
  /** This server's callback as registered at the provider: https://<host>/accounts/oidc/callback/ */
  OIDC_REDIRECT_URL: z.string().url().optional(),
  /** The claim naming the employee, matched case-insensitively to an employee's email or code. */
  OIDC_EMPLOYEE_CLAIM: z.string().min(1).default('email'),
  /** Shown on the sign-in button: 'Sign in with <name>'. */
  OIDC_PROVIDER_NAME: z.string().min(1).max(60).default('your company account'),
  OIDC_SCOPES: z.string().default('openid email profile'),
});

/** The schema plus the rules that tie variables together. */
const CheckedConfig = ConfigSchema.superRefine((c, ctx) => {
  // One without the other is a half-configured connector: say so rather than silently not pulling.
  if (c.SOURCE_DATABASE_URL && !c.SOURCE_CONFIG) {
    ctx.addIssue({
      code: 'custom',
      path: ['SOURCE_CONFIG'],
      message: 'is required when SOURCE_DATABASE_URL is set (the file of queries to read)',
    });
  }
  if (c.SOURCE_CONFIG && !c.SOURCE_DATABASE_URL) {
    ctx.addIssue({
      code: 'custom',
      path: ['SOURCE_DATABASE_URL'],
      message: 'is required when SOURCE_CONFIG is set (the database to read from)',
    });
  }
  if (!c.OIDC_ISSUER_URL) {
    if (!c.LOCAL_LOGIN)
      ctx.addIssue({ code: 'custom', path: ['LOCAL_LOGIN'], message: 'false needs OIDC_ISSUER_URL: nobody could sign in' });
    return;
  }
  for (const key of ['OIDC_CLIENT_ID', 'OIDC_REDIRECT_URL'] as const)
    if (!c[key]) ctx.addIssue({ code: 'custom', path: [key], message: 'is required when OIDC_ISSUER_URL is set' });
});
export type Config = z.infer<typeof ConfigSchema>;

/** Where links in mails point (password links, reports): PUBLIC_BASE_URL, or this server on localhost; no trailing slash. */
export function publicBaseUrl(config: Pick<Config, 'PUBLIC_BASE_URL' | 'PORT'>): string {
  return (config.PUBLIC_BASE_URL ?? `http://localhost:${config.PORT}`).replace(/\/+$/, '');
}

/** Parses the environment; throws one readable message listing every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // Empty strings mean "unset" (a common way to clear a variable in shells and compose files).
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = CheckedConfig.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}
