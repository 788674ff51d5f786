import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db } from '../../platform/db';

const KEY_NAME = 'recording_url';
/** Long enough for a dialog left open a while, short enough that a copied link soon dies. */
const LINK_SECONDS = 2 * 3600;

/**
 * Recordings open in a new browser window, which carries no Authorization header, so each link is
 * signed (HMAC of call id and expiry) for a viewer who may see the case. The key lives in the
 * database, created once from a strong random source, so every instance verifies every link.
 */
export class RecordingLinks {
  private key: Promise<Buffer> | undefined;

  constructor(
    private readonly db: Db,
    private readonly now: () => number = Date.now,
  ) {}

  /** Path relative to the communication service (spec 001 §2: the window opens that path + this). */
  async link(callId: number): Promise<string> {
    const expires = Math.floor(this.now() / 1000) + LINK_SECONDS;
    return `/api/v1/recordings/${callId}/?expires=${expires}&signature=${await this.sign(callId, expires)}`;
  }

  async verify(callId: number, expires: number, signature: string): Promise<boolean> {
    if (expires < Math.floor(this.now() / 1000)) return false;
    const expected = Buffer.from(await this.sign(callId, expires));
    const given = Buffer.from(signature);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }

  private async sign(callId: number, expires: number): Promise<string> {
    return createHmac('sha256', await this.secret()).update(`${callId}.${expires}`).digest('base64url');
  }

  private secret(): Promise<Buffer> {
    this.key ??= (async () => {
      await this.db
        .insertInto('signing_keys')
        .values({ name: KEY_NAME, secret: randomBytes(32).toString('base64url') })
        .onConflict((oc) => oc.column('name').doNothing())
        .execute();
      const row = await this.db.selectFrom('signing_keys').select('secret').where('name', '=', KEY_NAME).executeTakeFirstOrThrow();
      return Buffer.from(row.secret, 'base64url');
    })().catch((err: unknown) => {
      this.key = undefined;
      throw err;
    });
    return this.key;
  }
}
