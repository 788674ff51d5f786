import type { Db } from '../../platform/db';
import type { Module } from '../../platform/module';
import { CallService } from './call-service';
import { ListingService } from './listing-service';
import { callCentrePublicRoutes } from './public-routes';
import { RecordingLinks } from './recording-links';
import { callCentreRoutes } from './routes';

/** The call centre's services, built once per app and handed to its routes. */
export interface CallCentre {
  db: Db;
  calls: CallService;
  listing: ListingService;
}

/** The call centre (docs/product/callcentre.md): listings, cases, calls, slots, recordings, the provider's callback and the call sweep. */
export const callCentreModule: Module<'db' | 'config' | 'telephony' | 'secured'> = async (app, { db, config, telephony, secured }) => {
  const calls = new CallService(db, telephony, new RecordingLinks(db), { callRateLimit: config.CALL_RATE_LIMIT });
  const cc: CallCentre = {
    db,
    calls,
    listing: new ListingService(db, calls),
  };
  callCentrePublicRoutes(app, cc, config.TELEPHONY_PROVIDER === 'exotel' ? config.EXOTEL_CALLBACK_SECRET : undefined);
  await secured(app, (scope) => callCentreRoutes(scope, cc));
  // Brings unfinished calls up to date, so a call nobody is looking at still ends and a lost callback is
  // recovered. Claims are row-level, so every instance may run it.
  app.jobs.push({
    name: 'call_sweep',
    intervalMs: Math.min(30, config.TELEPHONY_FALLBACK_SECONDS) * 1000,
    run: () => calls.refresh(),
  });
};
