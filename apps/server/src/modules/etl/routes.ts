import { ETL_PATHS, EtlJob, EtlRunRequest, EtlRunResponse } from '@dossier/shared';
import { z } from 'zod';
import type { Db } from '../../platform/db';
import type { App } from '../../platform/types';
import { requireViewer } from '../../platform/viewer';
import type { SourcePull } from './cycle';
import { listEtlJobs, runEtlNow } from './service';

export function etlRoutes(app: App, db: Db, connector: SourcePull | undefined, rebuildSessions: number): void {
  app.get(
    ETL_PATHS.jobs,
    { schema: { tags: ['etl'], summary: 'ETL jobs and their watermarks (the ETL panel)', response: { 200: z.array(EtlJob) } } },
    (request) => listEtlJobs(db, requireViewer(request.viewer)),
  );

  app.post(
    ETL_PATHS.run,
    {
      schema: {
        tags: ['etl'],
        summary: 'Run the ETL now: the source connector (when configured), then the roll-ups (each once across all instances)',
        body: EtlRunRequest.optional(),
        response: { 200: EtlRunResponse },
      },
    },
    (request) => runEtlNow(db, connector, requireViewer(request.viewer), request.body, rebuildSessions),
  );
}
