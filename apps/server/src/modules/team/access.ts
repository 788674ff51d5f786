import { requirePermission } from '../../platform/permissions';
import type { Viewer } from '../../platform/viewer';

/** Role 204 is the life-only role: of this area it may use Life Renewals and Mapped Partners only (docs/product/shell.md, 'Users and roles'). */
export function refuseLifeOnlyRole(viewer: Viewer, screen: string): void {
  requirePermission(viewer, 'team-area', `${screen} is not available to your role`);
}

/** Call-centre staff do not take partners; everyone else in a subtree may be a mapping target. */
export const NON_MAPPING_DESIGNATIONS: readonly string[] = ['trm', 'supervisor'];
