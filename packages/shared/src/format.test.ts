import { describe, expect, it } from 'vitest';
import { sentenceCase, titleCaseOrNA } from './format';

describe('titleCaseOrNA: names only', () => {
  it('shows a name that mixes cases exactly as stored', () => {
    for (const name of ['Ronald McDonald', "Priya D'Souza", 'A.K. Sharma', 'J.P. McAllister Motors', "Kavya O'Brien-Iyer", 'de Souza'])
      expect(titleCaseOrNA(name)).toBe(name);
    expect(titleCaseOrNA('  Ronald McDonald ')).toBe('Ronald McDonald');
  });
  it("re-cases a name held all in lower or all in upper case, Mc, O', D', initials and hyphens included", () => {
    expect(titleCaseOrNA('nisha sandhu')).toBe('Nisha Sandhu');
    expect(titleCaseOrNA('RAHUL KUMAR-SINGH')).toBe('Rahul Kumar-Singh');
    expect(titleCaseOrNA("d'souza")).toBe("D'Souza");
    expect(titleCaseOrNA("KAVYA O'BRIEN-IYER")).toBe("Kavya O'Brien-Iyer");
    expect(titleCaseOrNA('ronald mcdonald')).toBe('Ronald McDonald');
    expect(titleCaseOrNA('a.k. sharma')).toBe('A.K. Sharma');
    expect(titleCaseOrNA('J.P. MCALLISTER MOTORS')).toBe('J.P. McAllister Motors');
    expect(titleCaseOrNA('completed')).toBe('Completed');
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
