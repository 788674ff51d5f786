import type { Db } from '../../platform/db';
import { UrlSigner } from '../../platform/signed-urls';

/** Long enough for a dialog left open a while, short enough that a copied link soon dies. */
const LINK_SECONDS = 2 * 3600;

/**
 * Recordings open in a new browser window, which carries no Authorization header, so each link is
 * signed (the platform's URL signer, keyed by call id) for a viewer who may see the case.
 */
export class RecordingLinks {
  private readonly signer: UrlSigner;

  constructor(db: Db, now: () => number = Date.now) {
    this.signer = new UrlSigner(db, 'recording_url', now);
  }

  /**
   * Path relative to the communication service: the recording window opens that service's address + this path
   * (docs/product/callcentre.md, 'TRM dashboard').
   */
  async link(callId: number): Promise<string> {
    const { expires, signature } = await this.signer.sign(String(callId), LINK_SECONDS);
    return `/api/v1/recordings/${callId}/?expires=${expires}&signature=${signature}`;
  }

  verify(callId: number, expires: number, signature: string): Promise<boolean> {
    return this.signer.verify(String(callId), expires, signature);
  }
}
