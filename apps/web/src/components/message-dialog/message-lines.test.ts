import { describe, expect, it } from 'vitest';
import { isNavigableHref, resolveMessage } from './message-lines';

describe('resolveMessage (title, then key/value lines)', () => {
  it("gives plain text the default key 'Error'", () => {
    expect(resolveMessage('Invalid response')).toEqual({ kind: 'lines', lines: [{ key: 'Error', value: 'Invalid response' }] });
  });
  it('accepts another default key', () => {
    expect(resolveMessage('98765 43210', 'Mobile Number')).toEqual({
      kind: 'lines',
      lines: [{ key: 'Mobile Number', value: '98765 43210' }],
    });
  });
  it('uses the first element of an array', () => {
    expect(resolveMessage(['first', 'second'])).toEqual({ kind: 'lines', lines: [{ key: 'Error', value: 'first' }] });
    expect(resolveMessage([{ a: 1 }, { b: 2 }])).toEqual({ kind: 'lines', lines: [{ key: 'a', value: '1' }] });
  });
  it('flattens nested objects into dotted keys', () => {
    expect(resolveMessage({ a: { b: 'x', c: { d: 2 } }, e: true })).toEqual({
      kind: 'lines',
      lines: [
        { key: 'a.b', value: 'x' },
        { key: 'a.c.d', value: '2' },
        { key: 'e', value: 'true' },
      ],
    });
  });
  it('joins lists of texts and indexes lists of objects', () => {
    expect(resolveMessage({ username: ['Required', 'Too short'], rows: [{ id: 1 }] })).toEqual({
      kind: 'lines',
      lines: [
        { key: 'username', value: 'Required, Too short' },
        { key: 'rows.0.id', value: '1' },
      ],
    });
  });
  it('navigates instead of showing a message with an href', () => {
    expect(resolveMessage({ href: 'https://portal.example/doc.pdf' })).toEqual({
      kind: 'navigate',
      href: 'https://portal.example/doc.pdf',
    });
    expect(resolveMessage([{ href: '/reports/3/' }])).toEqual({ kind: 'navigate', href: '/reports/3/' });
  });
  it('never navigates to a script URL', () => {
    expect(resolveMessage({ href: 'javascript:alert(1)' })).toEqual({
      kind: 'lines',
      lines: [{ key: 'href', value: 'javascript:alert(1)' }],
    });
  });
  it('shows nothing for an empty message', () => {
    expect(resolveMessage(null)).toEqual({ kind: 'lines', lines: [] });
    expect(resolveMessage([])).toEqual({ kind: 'lines', lines: [] });
  });
});

describe('isNavigableHref', () => {
  it.each([
    ['/reports/1/', true],
    ['https://a.example/', true],
    ['http://a.example/', true],
    ['//evil.example', false],
    ['javascript:void(0)', false],
    ['data:text/html,x', false],
  ])('%s → %s', (href, ok) => expect(isNavigableHref(href)).toBe(ok));
});
