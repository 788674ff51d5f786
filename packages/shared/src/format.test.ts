import { describe, expect, it } from 'vitest';
import { sentenceCase, titleCaseOrNA } from './format';

describe('titleCaseOrNA: names only', () => {
  it('title-cases a name written in any case', () => {
    expect(titleCaseOrNA('nisha sandhu')).toBe('Nisha Sandhu');
    expect(titleCaseOrNA('RAHUL kumar-SINGH')).toBe('Rahul Kumar-Singh');
    expect(titleCaseOrNA("d'souza")).toBe("D'souza");
  });
  it('keeps a code with digits as written', () => {
    expect(titleCaseOrNA('sachin sethi (EI000639)')).toBe('Sachin Sethi (EI000639)');
  });
  it("answers 'NA' for nothing", () => {
    expect(titleCaseOrNA('  ')).toBe('NA');
    expect(titleCaseOrNA(null)).toBe('NA');
  });
});

describe('sentenceCase', () => {
  it('upper-cases the first letter and leaves names, codes and times as written', () => {
    expect(sentenceCase('Case assigned to Sachin Sethi (EI000639)')).toBe('Case assigned to Sachin Sethi (EI000639)');
    expect(sentenceCase('appointment booked for 2026-11-24, 04:00 PM - 05:00 PM')).toBe(
      'Appointment booked for 2026-11-24, 04:00 PM - 05:00 PM',
    );
  });
});
