/** The signed-in user on whose behalf a request runs; services check access against employeeId's subtree. */
export interface Viewer {
  userId: number;
  employeeId: number;
  code: string;
  name: string;
  email: string;
  empRole: string;
  designation: string;
  userType: string;
  tier: string;
  registrationDate: string;
  emailReportAccess: boolean;
  downloadReportAccess: boolean;
  /** May use the /admin area. */
  isAdmin: boolean;
  tokenHash: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    viewer: Viewer | null;
  }
}

/** For handlers behind the authenticate hook, where a viewer always exists. */
export function requireViewer(viewer: Viewer | null): Viewer {
  if (!viewer) throw new Error('authenticate hook did not run for this route');
  return viewer;
}
