import { BriefMailState, ErrorBody, SetBriefMailBody, SUBSCRIPTION_PATHS } from '@dossier/shared';
import type { Db } from '../../platform/db';
import type { App } from '../../platform/types';
import { requireViewer } from '../../platform/viewer';
import { briefMailState, setBriefMail } from './brief-mail';

/** The daily brief's mail (docs/product/brief.md, 'By mail'): the user's own, on or off. */
export function briefMailRoutes(app: App, db: Db): void {
  app.get(
    SUBSCRIPTION_PATHS.brief,
    {
      schema: {
        tags: ['subscriptions'],
        summary: 'Whether your daily brief (My day) is mailed to you at 08:30 every morning',
        response: { 200: BriefMailState },
      },
    },
    (request) => briefMailState(db, requireViewer(request.viewer)),
  );

  app.post(
    SUBSCRIPTION_PATHS.brief,
    {
      schema: {
        tags: ['subscriptions'],
        summary: 'Turn the 08:30 mail of your daily brief on (a subscription) or off (deleted)',
        body: SetBriefMailBody,
        response: { 200: BriefMailState, 400: ErrorBody, 403: ErrorBody, 409: ErrorBody },
      },
    },
    (request) => setBriefMail(db, requireViewer(request.viewer), request.body.on, request.ip),
  );
}
