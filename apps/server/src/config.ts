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
  /** JSON array of hand-off targets {key,name,url,value,kind}; defaults to the built-in demo portal. */
  PORTAL_TARGETS: z.string().optional(),
  HANDOFF_TTL_SECONDS: z.coerce.number().int().positive().max(600).default(60),
  /** Built web app to serve at /; defaults to apps/web/dist. */
  WEB_DIST: z.string().optional(),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  /** Outgoing mail server, e.g. smtp://user:pass@host:587; unset = mails are written as .eml files to DATA_DIR/outbox. */
  SMTP_URL: z.string().regex(/^smtps?:\/\/[^\s]+$/, 'expected smtp://… or smtps://…').optional(),
  MAIL_FROM: z.string().default('Dossier <no-reply@dossier.local>'),
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
