import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '../../test/db';
import { logCapture } from '../../test/log-capture';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { redactUrl } from './log-redaction';
import { SimulatorProvider } from './telephony/simulator';
import type { App } from './types';

const SECRET = 'callback-secret-4f9a1c2e7b3d';
const SIGNATURE = 'sig9c1d2e3f4a5b6c7d8e9f0a1b2c3d4e5f';

describe('secrets never reach the logs', () => {
  let db: Awaited<ReturnType<typeof createTestDb>>;
  let app: App;
  const { logger, lines } = logCapture('debug');
  beforeAll(async () => {
    db = await createTestDb();
    const config = loadConfig({ WEB_DIST: '/nonexistent', TELEPHONY_PROVIDER: 'exotel', EXOTEL_CALLBACK_SECRET: SECRET });
    app = await buildApp({
      config,
      db: db.db,
      logger,
      telephony: new SimulatorProvider({ mode: 'deterministic' }),
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await db.drop();
  });

  it('redacts the callback secret and link signatures in URLs', () => {
    expect(redactUrl(`/services/communication/api/v1/telephony/status-callback/${SECRET}/`)).toBe(
      '/services/communication/api/v1/telephony/status-callback/[redacted]/',
    );
    expect(redactUrl(`/services/communication/api/v1/recordings/12/?expires=1700000000&signature=${SIGNATURE}`)).toBe(
      '/services/communication/api/v1/recordings/12/?expires=1700000000&signature=[redacted]',
    );
    expect(redactUrl('/x/?token=abc&a=1&Signature=def')).toBe('/x/?token=[redacted]&a=1&Signature=[redacted]');
    expect(redactUrl('/api/reports/11/?start_date=2026-01-01')).toBe('/api/reports/11/?start_date=2026-01-01');
    // By name: a password sent as a query parameter is redacted like a token, whatever its case or encoding.
    expect(redactUrl('/accounts/api/v1/login/?username=demo.head&password=hunter2-secret')).toBe(
      '/accounts/api/v1/login/?username=demo.head&password=[redacted]',
    );
    expect(redactUrl('/x/?PASSWORD=a&pass%77ord=b&api_key=c&api-key=d&access_token=e&client_secret=f&key=g&secret=h')).toBe(
      '/x/?PASSWORD=[redacted]&pass%77ord=[redacted]&api_key=[redacted]&api-key=[redacted]&access_token=[redacted]&client_secret=[redacted]&key=[redacted]&secret=[redacted]',
    );
    // The sign-in callback's one-time code and PKCE verifier; codes that name people or partners stay.
    expect(redactUrl('/accounts/oidc/callback/?code=abc123&state=s1&code_verifier=v')).toBe(
      '/accounts/oidc/callback/?code=[redacted]&state=s1&code_verifier=[redacted]',
    );
    expect(redactUrl('/api/x/?employee_code=NH001&partner_code=P1#code=z')).toBe('/api/x/?employee_code=NH001&partner_code=P1#code=z');
  });

  it('no request log line holds the callback secret or a signature', async () => {
    const callback = (secret: string) =>
      app.inject({
        method: 'POST',
        url: `/services/communication/api/v1/telephony/status-callback/${secret}/`,
        payload: { CallSid: 'UNKNOWN-1', Status: 'completed' },
      });
    expect((await callback(SECRET)).statusCode).toBe(200);
    expect((await callback(`${SECRET}x`)).statusCode).toBe(403);
    const future = Math.floor(Date.now() / 1000) + 600;
    await app.inject({ method: 'GET', url: `/services/communication/api/v1/recordings/1/?expires=${future}&signature=${SIGNATURE}` });
    await app.inject({ method: 'GET', url: `/api/v2/renewal_notice/1/document/?expires=${future}&signature=${SIGNATURE}` });
    const requestLines = lines.filter((l) => l.includes('"url"'));
    expect(requestLines.length).toBeGreaterThanOrEqual(4);
    expect(lines.filter((l) => l.includes(SECRET) || l.includes(SIGNATURE))).toEqual([]);
    expect(requestLines.some((l) => l.includes('status-callback/[redacted]/'))).toBe(true);
  });
});
