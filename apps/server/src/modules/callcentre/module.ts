import type { Config } from '../../config';
import type { Db } from '../../platform/db';
import { startJobsWithApp } from '../../platform/jobs';
import type { TelephonyProvider } from '../../platform/telephony/types';
import type { App } from '../../platform/types';
import { CallService } from './call-service';
import { CaseService } from './case-service';
import { ListingService } from './listing-service';
import { callCentrePublicRoutes } from './public-routes';
import { RecordingLinks } from './recording-links';
import { callCentreRoutes } from './routes';
import { SchedulingService } from './scheduling-service';

export interface CallCentre {
  db: Db;
  calls: CallService;
  listing: ListingService;
  cases: CaseService;
  scheduling: SchedulingService;
  /** Public routes (status callback, recordings) and the background sweep, on the root app. */
  registerPublic(app: App): void;
  /** Authenticated routes, inside the secured scope. */
  register(scope: App): void;
}

export function createCallCentre(db: Db, config: Config, telephony: TelephonyProvider): CallCentre {
  const calls = new CallService(db, telephony, new RecordingLinks(db), { callRateLimit: config.CALL_RATE_LIMIT });
  const cc: CallCentre = {
    db,
    calls,
    listing: new ListingService(db, calls),
    cases: new CaseService(db),
    scheduling: new SchedulingService(db),
    registerPublic(app) {
      callCentrePublicRoutes(app, cc, config.TELEPHONY_PROVIDER === 'exotel' ? config.EXOTEL_CALLBACK_SECRET : undefined);
      // Brings unfinished calls up to date, so a call nobody is looking at still ends and a lost callback is
      // recovered. Claims are row-level, so every instance may run it.
      startJobsWithApp(app, [
        {
          name: 'call_sweep',
          intervalMs: Math.min(30, config.TELEPHONY_FALLBACK_SECONDS) * 1000,
          run: () => calls.refresh(),
        },
      ]);
    },
    register(scope) {
      callCentreRoutes(scope, cc);
    },
  };
  return cc;
}
