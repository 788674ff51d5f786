import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDb } from '../../test/db';
import { hitRateLimit } from './rate-limit';

describe('sliding-window rate limit', () => {
  let db: Awaited<ReturnType<typeof createTestDb>>;
  beforeAll(async () => {
    db = await createTestDb();
  });
  afterAll(() => db.drop());
  afterEach(() => vi.useRealTimers());

  const hit = (key: string) => hitRateLimit(db.db, [key], 5, 60, (s) => `wait ${s}`);

  it('a burst straddling a window boundary is still refused', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-01-01T10:00:59.500Z'));
    for (let i = 0; i < 3; i++) await hit('burst');
    vi.setSystemTime(new Date('2026-01-01T10:01:00.500Z'));
    await hit('burst');
    await hit('burst');
    await expect(hit('burst')).rejects.toMatchObject({ statusCode: 429, message: expect.stringMatching(/^wait \d+$/) as unknown });
  });

  it('old hits stop counting as the window slides on', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-01-01T11:00:10.000Z'));
    for (let i = 0; i < 5; i++) await hit('slide');
    await expect(hit('slide')).rejects.toMatchObject({ statusCode: 429 });
    // Two windows later nothing of the burst is left.
    vi.setSystemTime(new Date('2026-01-01T11:02:30.000Z'));
    await expect(hit('slide')).resolves.toBeUndefined();
  });
});
