import { describe, expect, it } from 'vitest';
import { escapeCell, escapeFormula } from './escape';

describe('formula escaping', () => {
  it.each([
    ['=1+1', "'=1+1"],
    ['=HYPERLINK("http://evil","x")', '\'=HYPERLINK("http://evil","x")'],
    ['+91 98765 43210', "'+91 98765 43210"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\t=1+1', "'\t=1+1"],
    ['\r=1+1', "'\r=1+1"],
    ['-', "'-"],
    ['-12.50', '-12.50'],
    ['-7', '-7'],
    ['-1e5', "'-1e5"],
    ['Mumbai', 'Mumbai'],
    ['a=b', 'a=b'],
    [' =1', ' =1'],
    ['₹1,200', '₹1,200'],
    ['', ''],
    ['\uFF1D1+1', "'\uFF1D1+1"],
    ['\uFF1DHYPERLINK("http://evil","x")', '\'\uFF1DHYPERLINK("http://evil","x")'],
    ['\uFF0B1', "'\uFF0B1"],
    ['\uFF0D1', "'\uFF0D1"],
    ['\uFF20SUM(A1)', "'\uFF20SUM(A1)"],
    ['a\uFF1Db', 'a\uFF1Db'],
  ])('%j → %j', (input, expected) => {
    expect(escapeFormula(input)).toBe(expected);
  });

  it('leaves numbers and empty cells alone, negative numbers included', () => {
    expect(escapeCell(-5)).toBe(-5);
    expect(escapeCell(0)).toBe(0);
    expect(escapeCell(null)).toBeNull();
    expect(escapeCell('=A1')).toBe("'=A1");
  });
});
