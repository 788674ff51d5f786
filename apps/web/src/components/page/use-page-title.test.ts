import { describe, expect, it } from 'vitest';
import { pageTitle } from './use-page-title';

describe('pageTitle', () => {
  it('names the screen, then the drilled account, then the app', () => {
    expect(pageTitle('Business Dashboard', 'Dinesh Chauhan (TL0001)')).toBe('Business Dashboard · Dinesh Chauhan (TL0001) · Dossier');
    expect(pageTitle('Mapped Partners')).toBe('Mapped Partners · Dossier');
    expect(pageTitle(undefined)).toBe('Dossier');
  });
});
