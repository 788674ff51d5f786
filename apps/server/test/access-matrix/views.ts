import { VIEWS_PATHS, type Colleague, type SavedView } from '@dossier/shared';
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { employeeCode, MISSING, partnerCode, personFor } from './targets';
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

/** The user of the relation's person to share with: 'own' is someone below the viewer, never the viewer. */
async function recipientFor(ctx: MatrixContext, relation: Relation): Promise<number | undefined> {
  if (relation === 'missing') return MISSING.id;
  const person = personFor(ctx, relation);
  if (!person || person.id === ctx.viewer.employeeId) return undefined;
  return userOf(ctx, person.id);
}

/** The viewer's own view (not drilled, a page every role may open), shared with someone below or above them. */
async function viewSharedByViewer(ctx: MatrixContext): Promise<{ id: string; userId: number } | undefined> {
  const other = personFor(ctx, 'own');
  const someone = other && other.id !== ctx.viewer.employeeId ? other : personFor(ctx, 'ancestor');
  if (!someone) return undefined;
  const id = await insertView(ctx, ctx.viewer.userId, null);
  const userId = await userOf(ctx, someone.id);
  await ctx.db.insertInto('saved_view_shares').values({ view_id: id, user_id: userId }).execute();
  return { id, userId };
}

/**
 * A view to take off one's list: for 'own', one a manager above the viewer (or someone below) shared with them;
 * else one the relation's person saved, not shared with the viewer.
 */
async function viewToDismiss(ctx: MatrixContext, relation: Exclude<Relation, 'missing'>): Promise<string | undefined> {
  if (relation !== 'own') return viewToChange(ctx, relation);
  const sharer = personFor(ctx, 'ancestor') ?? personFor(ctx, 'own');
  if (!sharer || sharer.id === ctx.viewer.employeeId) return undefined;
  const id = await insertView(ctx, await userOf(ctx, sharer.id), null);
  await ctx.db.insertInto('saved_view_shares').values({ view_id: id, user_id: ctx.viewer.userId }).execute();
  return id;
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
  {
    route: `GET ${VIEWS_PATHS.shared}`,
    access: 'token',
    variants: [
      variant<string>({
        name: 'the views shared with me',
        relations: ['own'],
        target: (ctx) => viewToDismiss(ctx, 'own'),
        request: () => ({ method: 'GET', url: VIEWS_PATHS.shared }),
        check: (_ctx, res, id) => {
          const views = res.json<SavedView[]>();
          expect(views.map((v) => v.id)).toContain(id);
          expect(views.every((v) => !v.owned && v.shared_by !== null && v.shared_with.length === 0)).toBe(true);
        },
      }),
    ],
  },
  {
    route: `GET ${VIEWS_PATHS.colleagues}`,
    access: 'token',
    variants: [
      ownOnly({
        name: 'colleagues to share with',
        request: () => ({ method: 'GET', url: VIEWS_PATHS.colleagues }),
        check: async (ctx, res) => {
          const found = res.json<Colleague[]>();
          expect(found.length).toBeGreaterThan(0);
          for (const c of found) {
            const user = await ctx.db.selectFrom('users').select('employee_id').where('id', '=', c.user_id).executeTakeFirstOrThrow();
            const line = await ctx.db
              .selectFrom('employee_closure')
              .select('depth')
              .where((eb) =>
                eb.or([
                  eb.and([eb('ancestor_id', '=', ctx.viewer.employeeId), eb('descendant_id', '=', user.employee_id)]),
                  eb.and([eb('ancestor_id', '=', user.employee_id), eb('descendant_id', '=', ctx.viewer.employeeId)]),
                ]),
              )
              .executeTakeFirst();
            expect(line, c.login).toBeDefined();
            expect(c.user_id).not.toBe(ctx.viewer.userId);
          }
        },
      }),
    ],
  },
  {
    route: `POST ${VIEWS_PATHS.shares(':id')}`,
    access: 'token',
    variants: [
      variant<{ id: string; userId: number }>({
        name: 'share my view with someone below me, refused for others',
        relations: ['own', 'sibling', 'unrelated', 'missing'],
        target: async (ctx, relation) => {
          const userId = await recipientFor(ctx, relation);
          return userId === undefined ? undefined : { id: await insertView(ctx, ctx.viewer.userId, null), userId };
        },
        request: (_ctx, t) => ({ method: 'POST', url: VIEWS_PATHS.shares(t.id), payload: { user_id: t.userId } }),
        check: (_ctx, res, t) => expect(res.json<SavedView>().shared_with.map((r) => r.user_id)).toEqual([t.userId]),
      }),
      variant<{ id: string; userId: number }>({
        name: 'share my view with my manager',
        relations: ['own'],
        target: async (ctx) => {
          const manager = personFor(ctx, 'ancestor');
          if (!manager) return undefined;
          return { id: await insertView(ctx, ctx.viewer.userId, null), userId: await userOf(ctx, manager.id) };
        },
        request: (_ctx, t) => ({ method: 'POST', url: VIEWS_PATHS.shares(t.id), payload: { user_id: t.userId } }),
      }),
      variant<{ id: string; userId: number }>({
        name: "share another person's view",
        relations: ['sibling', 'ancestor', 'unrelated'],
        target: async (ctx, relation) => {
          if (!foreign(relation)) return undefined;
          const id = await viewToChange(ctx, relation);
          return id === undefined ? undefined : { id, userId: ctx.viewer.userId };
        },
        request: (_ctx, t) => ({ method: 'POST', url: VIEWS_PATHS.shares(t.id), payload: { user_id: t.userId } }),
      }),
      variant<string>({
        name: 'share a deleted view',
        relations: ['missing'],
        target: async () => randomUUID(),
        request: (ctx, id) => ({ method: 'POST', url: VIEWS_PATHS.shares(id), payload: { user_id: ctx.viewer.userId } }),
      }),
    ],
  },
  {
    route: `POST ${VIEWS_PATHS.unshare(':id', ':userId')}`,
    access: 'token',
    variants: [
      variant<{ id: string; userId: number }>({
        name: 'stop sharing a view',
        relations: FOREIGN_RELATIONS,
        target: async (ctx, relation) => {
          if (relation === 'own') return viewSharedByViewer(ctx);
          if (!foreign(relation)) return undefined;
          const owner = personFor(ctx, relation);
          const id = await viewToChange(ctx, relation);
          if (!owner || id === undefined) return undefined;
          // Shared (with its owner's own user, a row no screen makes): only the owner may end it.
          const userId = await userOf(ctx, owner.id);
          await ctx.db.insertInto('saved_view_shares').values({ view_id: id, user_id: userId }).execute();
          return { id, userId };
        },
        request: (_ctx, t) => ({ method: 'POST', url: VIEWS_PATHS.unshare(t.id, t.userId) }),
        check: (_ctx, res) => expect(res.json<SavedView>().shared_with).toEqual([]),
      }),
      variant<string>({
        name: 'stop sharing a deleted view',
        relations: ['missing'],
        target: async () => randomUUID(),
        request: (ctx, id) => ({ method: 'POST', url: VIEWS_PATHS.unshare(id, ctx.viewer.userId) }),
      }),
    ],
  },
  {
    route: `POST ${VIEWS_PATHS.dismiss(':id')}`,
    access: 'token',
    variants: [
      variant<string>({
        name: 'take a shared view off my list',
        relations: FOREIGN_RELATIONS,
        target: (ctx, relation) => (foreign(relation) ? viewToDismiss(ctx, relation) : Promise.resolve(undefined)),
        request: (_ctx, id) => ({ method: 'POST', url: VIEWS_PATHS.dismiss(id) }),
        check: async (ctx, _res, id) => {
          const left = await ctx.db
            .selectFrom('saved_view_shares')
            .select('view_id')
            .where('view_id', '=', id)
            .where('user_id', '=', ctx.viewer.userId)
            .executeTakeFirst();
          expect(left).toBeUndefined();
        },
      }),
      variant<string>({
        name: 'take a deleted view off my list',
        relations: ['missing'],
        target: async () => randomUUID(),
        request: (_ctx, id) => ({ method: 'POST', url: VIEWS_PATHS.dismiss(id) }),
      }),
    ],
  },
];
