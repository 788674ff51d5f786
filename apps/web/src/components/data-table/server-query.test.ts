import { describe, expect, it } from 'vitest';
import { firstPage, listParams } from './server-query';

describe('listParams', () => {
  it('turns a table page into limit and offset, with the sort and search only when set', () => {
    expect(listParams(firstPage(10))).toEqual({ limit: 10, offset: 0 });
    expect(listParams({ page: 3, pageSize: 25, sort: { id: 'premium', desc: true }, search: 'ei0001' })).toEqual({
      limit: 25,
      offset: 50,
      sort: 'premium',
      order: 'desc',
      search: 'ei0001',
    });
    expect(listParams({ page: 2, pageSize: 10, sort: { id: 'name', desc: false }, search: '' })).toEqual({
      limit: 10,
      offset: 10,
      sort: 'name',
      order: 'asc',
    });
  });
});
