import { describe, expect, it } from 'vitest';
import { codeInName, columnTitle, reporteeListPath } from './team-links';

describe('Manage Team → Reportee list links', () => {
  it('takes the code in parentheses at the end of the name', () => {
    expect(codeInName('Ravi Khanna (RM00001)')).toBe('RM00001');
    expect(codeInName('Ravi Khanna')).toBeNull();
  });
  it('carries id, unique_code and request_raised', () => {
    expect(reporteeListPath('Ravi Khanna (RM00001)', 'X', 'MR000001')).toBe(
      '/reporteelist?id=Ravi+Khanna+%28RM00001%29&unique_code=RM00001&request_raised=MR000001',
    );
    expect(reporteeListPath('Ravi', 'RM00001', null)).toBe('/reporteelist?id=Ravi&unique_code=RM00001&request_raised=null');
  });
  it('titles columns from field names', () => {
    expect(columnTitle('unique_code')).toBe('User Id');
    expect(columnTitle('request_raised')).toBe('Request Raised');
  });
});
