import { describe, expect, it } from 'vitest';
import { halfWidths } from './layout';

const full = (name: string) => ({ report_name: name, layout_width: 12 as const });
const half = (name: string) => ({ report_name: name, layout_width: 6 as const });

describe('half-width tables pair up', () => {
  it('the Business Dashboard: the team report between full-width tables takes the row; five summaries make two pairs and a full row', () => {
    const page = [
      full('Business summary'),
      half('Team report summary'),
      full('Product wise business'),
      full('User insurer wise business'),
      half('Channel summary'),
      half('Inward summary'),
      half('Success summary'),
      half('Pending summary'),
      half('Cancelled summary'),
    ];
    expect(halfWidths(page)).toEqual([false, false, false, false, true, true, true, true, false]);
  });
  it('the width is what the server declares; a half-width table alone takes the row', () => {
    expect(halfWidths([full('Channel summary'), full('Inward summary')])).toEqual([false, false]);
    expect(halfWidths([half('Channel summary'), half('Inward summary')])).toEqual([true, true]);
    expect(halfWidths([half('Health business summary')])).toEqual([false]);
    expect(halfWidths([])).toEqual([]);
  });
});
