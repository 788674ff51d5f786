import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { can, designationHas, designationsWith, type Permission } from './permissions';
import { DESIGNATIONS, EMP_ROLES } from './constants';

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

describe('the designation rules', () => {
  it('name the designations each rule holds for (docs/product/shell.md, "Users and roles")', () => {
    const holding = (rule: Parameters<typeof designationHas>[1]) => DESIGNATIONS.filter((d) => designationHas(d, rule));
    expect(holding('mapping-by-line')).toEqual(['asm']);
    expect(holding('brief-landing')).toEqual(['asm', 'team_lead', 'rm']);
    expect(holding('call-centre-staff')).toEqual(['trm', 'supervisor']);
    expect(holding('team-lead')).toEqual(['team_lead']);
    expect(holding('contest-entrant')).toEqual(['rm']);
    expect(designationsWith('call-centre-staff')).toEqual(['trm', 'supervisor']);
    expect(designationHas('regional_head', 'brief-landing')).toBe(false);
  });

  it('are, with the permission table, the only code that names a role or designation', () => {
    const root = join(dirname(fileURLToPath(import.meta.url)), '../../..');
    const codes = [...new Set<string>([...EMP_ROLES, ...DESIGNATIONS])];
    const literal = new RegExp(`['"\`](${codes.join('|')})['"\`]`);
    // The tables themselves, the demo organisation (data, not rules) and tests may name them.
    const exempt = (path: string) =>
      /\.test\.tsx?$/.test(path) ||
      path.startsWith('apps/server/src/demo/') ||
      path === 'packages/shared/src/permissions.ts' ||
      path === 'packages/shared/src/constants.ts';
    const offenders: string[] = [];
    for (const dir of ['apps/server/src', 'apps/web/src', 'packages/shared/src']) {
      for (const entry of readdirSync(join(root, dir), { recursive: true, withFileTypes: true })) {
        if (!entry.isFile() || !/\.tsx?$/.test(entry.name)) continue;
        const path = relative(root, join(entry.parentPath, entry.name));
        if (exempt(path)) continue;
        readFileSync(join(root, path), 'utf8')
          .split('\n')
          .forEach((line, i) => {
            if (literal.test(line)) offenders.push(`${path}:${i + 1}: ${line.trim()}`);
          });
      }
    }
    expect(offenders).toEqual([]);
  });
});
