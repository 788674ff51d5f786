import { BriefMailState, can, SUBSCRIPTION_PATHS, type Subscription } from '@dossier/shared';
import { expect } from 'vitest';
import { employeeCode, MISSING } from './targets';
import { ownOnly, variant, type MatrixContext, type MatrixEntry, type MatrixViewer, type Relation } from './types';

const RANGE = { start_date: '2026-05-01', end_date: '2026-06-15' };
const SCHEDULE = { frequency: 'daily', time: '09:00' } as const;
const teamReportOf = (v: MatrixViewer) => (v.empRole === '204' ? 22 : 11);

/** A subscription of the viewer's own (made directly in the table), or an id that does not exist. */
async function subscriptionFor(ctx: MatrixContext, relation: Relation): Promise<number | undefined> {
  if (relation === 'missing') return MISSING.id;
  if (relation !== 'own') return undefined;
  const row = await ctx.db
    .insertInto('report_subscriptions')
    .values({
      user_id: ctx.viewer.userId,
      report_id: teamReportOf(ctx.viewer),
      filters: JSON.stringify(RANGE),
      frequency: 'daily',
      minute_of_day: 540,
      next_run_at: new Date(Date.now() + 86_400_000),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Subscriptions (docs/product/subscriptions.md): created only on what the viewer can see; each user reaches only their own (others' are 404, in subscriptions.test.ts). */
export const SUBSCRIPTIONS_MATRIX: readonly MatrixEntry[] = [
  {
    route: `GET ${SUBSCRIPTION_PATHS.list}`,
    access: 'token',
    variants: [
      ownOnly({
        request: () => ({ method: 'GET', url: SUBSCRIPTION_PATHS.list }),
        check: async (ctx, res) => {
          const mine = await ctx.db.selectFrom('report_subscriptions').select('id').where('user_id', '=', ctx.viewer.userId).execute();
          expect(
            res
              .json<{ subscriptions: Subscription[] }>()
              .subscriptions.map((s) => s.id)
              .sort(),
          ).toEqual(mine.map((m) => m.id).sort());
        },
      }),
    ],
  },
  {
    route: `POST ${SUBSCRIPTION_PATHS.list}`,
    access: 'token',
    variants: [
      variant<string>({
        name: 'subscribe to a team report drilled to an employee',
        refused: (v) => !can(v, 'report-email'),
        target: (ctx, relation) => employeeCode(ctx, relation, 'self'),
        request: (ctx, code) => ({
          method: 'POST',
          url: SUBSCRIPTION_PATHS.list,
          payload: { report_id: teamReportOf(ctx.viewer), filters: { ...RANGE, account_id: code }, schedule: SCHEDULE },
        }),
        check: async (ctx, res) => {
          const row = await ctx.db
            .selectFrom('report_subscriptions')
            .select('user_id')
            .where('id', '=', res.json<Subscription>().id)
            .executeTakeFirstOrThrow();
          expect(row.user_id).toBe(ctx.viewer.userId);
        },
      }),
    ],
  },
  {
    route: `POST ${SUBSCRIPTION_PATHS.one(':id')}`,
    access: 'token',
    variants: [
      variant<number>({
        name: 'pause one of my subscriptions',
        relations: ['own', 'missing'],
        target: subscriptionFor,
        request: (_ctx, id) => ({ method: 'POST', url: SUBSCRIPTION_PATHS.one(id), payload: { paused: true } }),
        check: (_ctx, res) => expect(res.json<Subscription>().paused).toBe(true),
      }),
    ],
  },
  {
    route: `POST ${SUBSCRIPTION_PATHS.remove(':id')}`,
    access: 'token',
    variants: [
      variant<number>({
        name: 'delete one of my subscriptions',
        relations: ['own', 'missing'],
        target: subscriptionFor,
        request: (_ctx, id) => ({ method: 'POST', url: SUBSCRIPTION_PATHS.remove(id) }),
        check: (_ctx, res) => expect(res.json()).toEqual({ message: 'Subscription deleted' }),
      }),
    ],
  },
  {
    route: `POST ${SUBSCRIPTION_PATHS.sendNow(':id')}`,
    access: 'token',
    variants: [
      variant<number>({
        name: 'send one of my subscriptions now',
        relations: ['own', 'missing'],
        refused: (v) => !can(v, 'report-email'),
        target: subscriptionFor,
        request: (_ctx, id) => ({ method: 'POST', url: SUBSCRIPTION_PATHS.sendNow(id) }),
        check: async (ctx, res) => {
          expect(res.json<{ message: string }>().message).toContain(`will be sent to ${ctx.viewer.email} shortly`);
          // The mail carries the viewer's own team only.
          const mail = await ctx.db
            .selectFrom('email_outbox')
            .select(['subject', 'text_body', 'html_body'])
            .where('created_by', '=', ctx.viewer.userId)
            .where('kind', '=', 'report_subscription')
            .orderBy('id', 'desc')
            .executeTakeFirstOrThrow();
          ctx.scan(`${mail.subject}\n${mail.text_body}\n${mail.html_body ?? ''}`, 'mail');
        },
      }),
    ],
  },
  {
    route: `GET ${SUBSCRIPTION_PATHS.brief}`,
    access: 'token',
    variants: [
      ownOnly({
        request: () => ({ method: 'GET', url: SUBSCRIPTION_PATHS.brief }),
        check: (ctx, res) => expect(BriefMailState.parse(res.json()).may_mail).toBe(can(ctx.viewer, 'report-email')),
      }),
    ],
  },
  {
    route: `POST ${SUBSCRIPTION_PATHS.brief}`,
    access: 'token',
    variants: [
      ownOnly({
        name: 'turn the mail of my daily brief on',
        refused: (v) => !can(v, 'report-email'),
        request: () => ({ method: 'POST', url: SUBSCRIPTION_PATHS.brief, payload: { on: true } }),
        check: async (ctx, res) => {
          const state = BriefMailState.parse(res.json());
          expect(state.on).toBe(true);
          const row = await ctx.db
            .selectFrom('report_subscriptions')
            .select(['user_id', 'kind'])
            .where('id', '=', state.subscription?.id ?? -1)
            .executeTakeFirstOrThrow();
          expect(row).toEqual({ user_id: ctx.viewer.userId, kind: 'brief' });
        },
      }),
    ],
  },
];
