import { VIEWS_PATHS, type SavedView } from '@dossier/shared';
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { employeeCode, partnerCode, personFor } from './targets';
import { ownOnly, variant, type MatrixContext, type MatrixEntry, type Relation } from './types';

/** A page every role may open (role 204 only the life dashboards), drilled or not. */
const BODY = {
  screen: 'reports',
  report_id: 3,
  start_date: '2026-05-01',
  end_date: '2026-06-15',
  product_type_id: [],
  insurers: [],
  states: [],
  business_type: [],
} as const;

let made = 0;
const uniqueName = () => `Matrix view ${++made}`;

/** The user of an employee, created (without a password) when the demo gave them none. */
async function userOf(ctx: MatrixContext, employeeId: number): Promise<number> {
  const found = await ctx.db.selectFrom('users').select('id').where('employee_id', '=', employeeId).executeTakeFirst();
  if (found) return found.id;
  const row = await ctx.db
    .insertInto('users')
    .values({ login: `matrix.views.${employeeId}`, password_hash: null, employee_id: employeeId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function insertView(ctx: MatrixContext, ownerUserId: number, accountId: string | null): Promise<string> {
  const { screen, report_id, ...filters } = BODY;
  const row = await ctx.db
    .insertInto('saved_views')
    .values({ user_id: ownerUserId, name: uniqueName(), screen, report_id, account_id: accountId, filters: JSON.stringify(filters) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * A view to open: drilled to someone below the viewer (own) and saved by their manager, or drilled to the
 * relation's person and saved by them (others).
 */
async function viewToOpen(ctx: MatrixContext, relation: Exclude<Relation, 'missing'>): Promise<string | undefined> {
  const account = personFor(ctx, relation);
  if (!account) return undefined;
  const saver = relation === 'own' ? (personFor(ctx, 'ancestor') ?? personFor(ctx, 'own', 'self')) : account;
  if (!saver) return undefined;
  return insertView(ctx, await userOf(ctx, saver.id), account.code);
}

/** A view to rename or delete: the viewer's own (own), else one the relation's person saved, not drilled. */
async function viewToChange(ctx: MatrixContext, relation: Exclude<Relation, 'missing'>): Promise<string | undefined> {
  if (relation === 'own') return insertView(ctx, ctx.viewer.userId, null);
  const owner = personFor(ctx, relation);
  return owner ? insertView(ctx, await userOf(ctx, owner.id), null) : undefined;
}

const foreign = (relation: Relation): relation is Exclude<Relation, 'missing'> => relation !== 'missing';
const FOREIGN_RELATIONS = ['own', 'sibling', 'ancestor', 'unrelated'] as const;

export const VIEWS_MATRIX: readonly MatrixEntry[] = [
  {
    route: `GET ${VIEWS_PATHS.list}`,
    access: 'token',
    variants: [
      ownOnly({
        request: () => ({ method: 'GET', url: VIEWS_PATHS.list }),
        check: (_ctx, res) => expect(res.json<SavedView[]>().every((v) => v.owned)).toBe(true),
      }),
    ],
  },
  {
    route: `POST ${VIEWS_PATHS.list}`,
    access: 'token',
    variants: [
      variant<string>({
        name: 'save a view drilled to an employee',
        target: (ctx, relation) => employeeCode(ctx, relation),
        request: (_ctx, code) => ({ method: 'POST', url: VIEWS_PATHS.list, payload: { ...BODY, name: uniqueName(), account_id: code } }),
        check: (_ctx, res, code) => expect(res.json<SavedView>()).toMatchObject({ account_id: code, owned: true }),
      }),
      variant<string>({
        name: 'save a view drilled to a partner',
        target: (ctx, relation) => partnerCode(ctx, relation),
        request: (_ctx, code) => ({
          method: 'POST',
          url: VIEWS_PATHS.list,
          payload: { ...BODY, report_id: 37, name: uniqueName(), account_id: code },
        }),
      }),
    ],
  },
  {
    route: `GET ${VIEWS_PATHS.one(':id')}`,
    access: 'token',
    variants: [
      variant<string>({
        name: 'open a view drilled to an employee',
        relations: FOREIGN_RELATIONS,
        target: (ctx, relation) => (foreign(relation) ? viewToOpen(ctx, relation) : Promise.resolve(undefined)),
        request: (_ctx, id) => ({ method: 'GET', url: VIEWS_PATHS.one(id) }),
      }),
      variant<string>({
        name: 'open a deleted view',
        relations: ['missing'],
        target: async () => randomUUID(),
        request: (_ctx, id) => ({ method: 'GET', url: VIEWS_PATHS.one(id) }),
      }),
    ],
  },
  {
    route: `POST ${VIEWS_PATHS.rename(':id')}`,
    access: 'token',
    variants: [
      variant<string>({
        name: 'rename a view',
        relations: FOREIGN_RELATIONS,
        target: (ctx, relation) => (foreign(relation) ? viewToChange(ctx, relation) : Promise.resolve(undefined)),
        request: (_ctx, id) => ({ method: 'POST', url: VIEWS_PATHS.rename(id), payload: { name: uniqueName() } }),
      }),
      variant<string>({
        name: 'rename a deleted view',
        relations: ['missing'],
        target: async () => randomUUID(),
        request: (_ctx, id) => ({ method: 'POST', url: VIEWS_PATHS.rename(id), payload: { name: uniqueName() } }),
      }),
    ],
  },
  {
    route: `POST ${VIEWS_PATHS.remove(':id')}`,
    access: 'token',
    variants: [
      variant<string>({
        name: 'delete a view',
        relations: FOREIGN_RELATIONS,
        target: (ctx, relation) => (foreign(relation) ? viewToChange(ctx, relation) : Promise.resolve(undefined)),
        request: (_ctx, id) => ({ method: 'POST', url: VIEWS_PATHS.remove(id) }),
        check: async (ctx, _res, id) => {
          expect(await ctx.db.selectFrom('saved_views').select('id').where('id', '=', id).executeTakeFirst()).toBeUndefined();
        },
      }),
      variant<string>({
        name: 'delete a deleted view',
        relations: ['missing'],
        target: async () => randomUUID(),
        request: (_ctx, id) => ({ method: 'POST', url: VIEWS_PATHS.remove(id) }),
      }),
    ],
  },
];
