import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db } from './db';

/**
 * Short-lived signed addresses for new browser tabs (no Authorization header): an HMAC of subject and expiry,
 * with one key per purpose stored in signing_keys so every instance signs alike.
 */
export class UrlSigner {
  private secretPromise: Promise<Buffer> | undefined;

  constructor(
    private readonly db: Db,
    private readonly keyName: string,
    private readonly now: () => number = Date.now,
  ) {}

  /** `expires` (unix seconds) and `signature` for a subject, valid for `seconds`. */
  async sign(subject: string, seconds: number): Promise<{ expires: number; signature: string }> {
    const expires = Math.floor(this.now() / 1000) + seconds;
    return { expires, signature: await this.mac(subject, expires) };
  }

  async verify(subject: string, expires: number, signature: string): Promise<boolean> {
    if (expires < Math.floor(this.now() / 1000)) return false;
    const expected = Buffer.from(await this.mac(subject, expires));
    const given = Buffer.from(signature);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }

  private async mac(subject: string, expires: number): Promise<string> {
    this.secretPromise ??= this.loadSecret().catch((err: unknown) => {
      this.secretPromise = undefined;
      throw err;
    });
    return createHmac('sha256', await this.secretPromise)
      .update(`${subject}.${expires}`)
      .digest('base64url');
  }

  private async loadSecret(): Promise<Buffer> {
    const fresh = randomBytes(32).toString('base64url');
    await this.db
      .insertInto('signing_keys')
      .values({ name: this.keyName, secret: fresh })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
    const row = await this.db.selectFrom('signing_keys').select('secret').where('name', '=', this.keyName).executeTakeFirstOrThrow();
    return Buffer.from(row.secret, 'base64url');
  }
}
