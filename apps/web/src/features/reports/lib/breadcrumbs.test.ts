import { describe, expect, it } from 'vitest';
import { crumbHref, HOME, nextTrail, parseTrail, visibleTrail, type Crumb } from './breadcrumbs';

const home: Crumb = { user_name: HOME, account_id: 'ASM0001', report_id: 1 };
const tl: Crumb = { user_name: 'Team Lead', account_id: 'TL0001', report_id: 11 };
const rm: Crumb = { user_name: 'Rm One', account_id: 'RM0001', report_id: 11 };

describe('breadcrumb rules', () => {
  it('without an account the trail resets to Home with the user’s own code', () => {
    expect(nextTrail([home, tl, rm], { reportId: 1, userCode: 'ASM0001' })).toEqual([home]);
    expect(nextTrail([], { reportId: 1, accountId: 'ASM0001', userCode: 'ASM0001' })).toEqual([home]);
  });
  it('drilling down appends the account; a fresh trail starts at Home', () => {
    expect(nextTrail([home], { reportId: 11, accountId: 'TL0001', accountName: 'Team Lead', userCode: 'ASM0001' })).toEqual([home, tl]);
    expect(nextTrail([], { reportId: 11, accountId: 'TL0001', accountName: 'Team Lead', userCode: 'ASM0001' })).toEqual([
      { ...home, report_id: 11 },
      tl,
    ]);
  });
  it('opening an account already on the trail cuts the trail after it', () => {
    const deep = [home, tl, rm, { user_name: 'Partner', account_id: 'EI0009', report_id: 37 }];
    expect(nextTrail(deep, { reportId: 11, accountId: 'TL0001', accountName: 'Team Lead', userCode: 'ASM0001' })).toEqual([home, tl]);
  });
  it('names the entry of the page shown by the name the page answered, whatever the trail had saved', () => {
    const misnamed = [home, { ...tl, user_name: 'Pranav Bhatia' }, rm];
    expect(nextTrail(misnamed, { reportId: 11, accountId: 'TL0001', accountName: 'Team Lead', userCode: 'ASM0001' })).toEqual([home, tl]);
    expect(nextTrail([home], { reportId: 11, accountId: 'TL0001', userCode: 'ASM0001' })).toEqual([
      home,
      { user_name: 'TL0001', account_id: 'TL0001', report_id: 11 },
    ]);
  });
  it('shows nothing while the last entry is Home', () => {
    expect(visibleTrail([home])).toEqual([]);
    expect(visibleTrail([])).toEqual([]);
    expect(visibleTrail([home, tl])).toEqual([home, tl]);
  });
  it('links Home to the page without an account and others to their account’s page', () => {
    expect(crumbHref(home, 11, '?start_date=2026-05-01&end_date=2026-05-31')).toBe('/reports/1/?start_date=2026-05-01&end_date=2026-05-31');
    expect(crumbHref(tl, 37, '')).toBe('/reports/11/TL0001');
    expect(crumbHref({ user_name: 'Old', account_id: 'X1' }, 37, '')).toBe('/reports/37/X1');
  });
  it('ignores broken storage', () => {
    expect(parseTrail('not json')).toEqual([]);
    expect(parseTrail('{"a":1}')).toEqual([]);
    expect(parseTrail(JSON.stringify([tl, { user_name: 5 }]))).toEqual([tl]);
    expect(parseTrail(null)).toEqual([]);
  });
});
