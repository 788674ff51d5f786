import { describe, expect, it } from 'vitest';
import { can, type Permission } from './permissions';
import { EMP_ROLES } from './constants';

const ROLE_PERMISSIONS: readonly Permission[] = [
  'business-reports',
  'team-area',
  'case-reassignment',
  'partner-search',
  'paymaster-links',
  'etl-operations',
];
const granted = (empRole: string) => ROLE_PERMISSIONS.filter((p) => can({ empRole }, p));

describe('the permission table', () => {
  it('gives each role its permissions (docs/product/shell.md, "Users and roles")', () => {
    expect(Object.fromEntries(EMP_ROLES.map((role) => [role, granted(role)]))).toEqual({
      head: ['business-reports', 'team-area', 'case-reassignment', 'partner-search', 'etl-operations'],
      zsm: ['business-reports', 'team-area', 'case-reassignment', 'partner-search'],
      asm: ['business-reports', 'team-area', 'case-reassignment', 'partner-search'],
      team_lead: ['business-reports', 'team-area', 'case-reassignment', 'partner-search'],
      rm: ['business-reports', 'team-area', 'case-reassignment', 'partner-search'],
      trm: ['business-reports', 'team-area', 'case-reassignment', 'partner-search'],
      supervisor: ['business-reports', 'team-area', 'case-reassignment', 'partner-search', 'etl-operations'],
      '201': ['business-reports', 'team-area', 'case-reassignment', 'partner-search', 'paymaster-links'],
      '204': [],
    });
  });

  it('grants the account permissions by the account flags only, absent flags refused', () => {
    expect(can({ empRole: 'rm', isAdmin: true }, 'administration')).toBe(true);
    expect(can({ empRole: 'head' }, 'administration')).toBe(false);
    expect(can({ empRole: '204', downloadReportAccess: true }, 'report-download')).toBe(true);
    expect(can({ empRole: 'head', downloadReportAccess: false, emailReportAccess: true }, 'report-download')).toBe(false);
    expect(can({ empRole: 'head', emailReportAccess: true }, 'report-email')).toBe(true);
    expect(can({ empRole: 'head' }, 'report-email')).toBe(false);
  });
});
