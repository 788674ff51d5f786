import type { FastifyRequest } from 'fastify';
import { requireAdministrator } from '../../platform/access';
import type { Viewer } from '../../platform/viewer';

/** An administrator acting through the /admin area, with the address audit entries record. */
export interface AdminActor {
  viewer: Viewer & { isAdmin: true };
  ip: string;
}

/** The acting administrator, or 403 (the rule is `requireAdministrator`). Services take an AdminActor, so no admin call runs without it. */
export function requireAdmin(request: FastifyRequest): AdminActor {
  return { viewer: requireAdministrator(request.viewer), ip: request.ip };
}

/** onRequest hook of the admin scope: refused before the input is even read, so a non-admin learns nothing from 400s. */
export async function adminOnlyHook(request: FastifyRequest): Promise<void> {
  requireAdmin(request);
}
