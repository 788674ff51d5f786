import { ADMIN_MATRIX } from './admin';
import { AUTH_MATRIX } from './auth';
import { BRIEF_MATRIX } from './brief';
import { CALLCENTRE_MATRIX } from './callcentre';
import { IMPORTS_MATRIX } from './imports';
import { NOTIFY_MATRIX } from './notify';
import { REPORTS_MATRIX } from './reports';
import { SUBSCRIPTIONS_MATRIX } from './subscriptions';
import { TEAM_MATRIX } from './team';
import { VIEWS_MATRIX } from './views';
import type { MatrixEntry } from './types';

/** Every route of the server, keyed 'METHOD url' as Fastify registers it. HEAD routes Fastify adds follow their GET. */
export const MATRIX: readonly MatrixEntry[] = [
  ...AUTH_MATRIX,
  ...REPORTS_MATRIX,
  ...TEAM_MATRIX,
  ...NOTIFY_MATRIX,
  ...CALLCENTRE_MATRIX,
  ...ADMIN_MATRIX,
  ...IMPORTS_MATRIX,
  ...SUBSCRIPTIONS_MATRIX,
  ...VIEWS_MATRIX,
  ...BRIEF_MATRIX,
];
