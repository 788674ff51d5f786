import { runBusinessEtl, type EtlRunResult } from '../src/modules/etl/business-etl';
import type { Db } from '../src/platform/db';

/**
 * Runs the business ETL until it gets the schema's lock, for tests that need a run to happen: a run in
 * flight elsewhere (a killed run's backend rolling back) holds it for a moment and would make this one skip.
 */
export async function runEtlWhenFree(db: Db, options: { full?: boolean } = {}): Promise<EtlRunResult> {
  for (let attempt = 0; attempt < 300; attempt++) {
    const result = await runBusinessEtl(db, options);
    if (result.ran) return result;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the ETL lock stayed taken for 30 s');
}
