import { z } from 'zod';
import { IsoDate, pathSegment } from './primitives';

/**
 * Saved views (docs/product/views.md): a user's named report or dashboard view (which page, the drilled
 * account, the period, products, insurers, states and business types), listed under 'My views' and opened by
 * anyone signed in through its link, within their own subtree.
 */
export const VIEWS_PATHS = {
  list: '/api/views/',
  one: (id: string) => `/api/views/${pathSegment(id)}/`,
  rename: (id: string) => `/api/views/${pathSegment(id)}/rename/`,
  remove: (id: string) => `/api/views/${pathSegment(id)}/delete/`,
} as const;

/** The longest view name, in characters. */
export const VIEW_NAME_MAX = 80;
/** Saved views one user may hold. */
export const MAX_VIEWS_PER_USER = 100;

/** What opening a deleted (or never existing) view answers. */
export const VIEW_GONE_MESSAGE = 'This view no longer exists: its owner deleted it.';
/** What opening a view drilled to an account outside the viewer's subtree answers. */
export const VIEW_OUTSIDE_TEAM_MESSAGE = 'This view shows an account outside your team.';

export const ViewName = z
  .string({ message: 'Enter a name for the view' })
  .trim()
  .min(1, 'Enter a name for the view')
  .max(VIEW_NAME_MAX, `A view name can have at most ${VIEW_NAME_MAX} characters`);

const names = (label: string) =>
  z
    .array(z.string().trim().min(1).max(100))
    .max(100, `${label}: at most 100 names`)
    .transform((list) => [...new Set(list)]);

/** Which screen a view opens: a report page (/reports/{id}/…) or the Dashboard screen (/dashboard/…). */
export const VIEW_SCREENS = ['reports', 'dashboard'] as const;

const ViewFields = z.object({
  screen: z.enum(VIEW_SCREENS),
  /** A report id or a dashboard id (they share one id space); the Dashboard screen's is 1. */
  report_id: z.number().int().positive().max(1_000_000),
  /** The drilled account (an employee or a partner code); null = whoever opens it, at their own top. */
  account_id: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{1,40}$/, 'must be an account code')
    .nullable(),
  /** The period as the address carried it; both null = each report's own default period. */
  start_date: IsoDate.nullable(),
  end_date: IsoDate.nullable(),
  product_type_id: z
    .array(z.number().int().positive().max(10_000))
    .max(100, 'product_type_id: at most 100 ids')
    .transform((list) => [...new Set(list)]),
  insurers: names('insurers'),
  states: names('states'),
  business_type: z
    .array(
      z
        .number()
        .int()
        .min(1, 'must be 1 (New Business), 2 (Rollover) or 3 (Renewal)')
        .max(3, 'must be 1 (New Business), 2 (Rollover) or 3 (Renewal)'),
    )
    .max(3)
    .transform((list) => [...new Set(list)]),
});

type DatePair = { start_date: string | null; end_date: string | null };
const datesPaired = (v: DatePair) => (v.start_date === null) === (v.end_date === null);
const datesInOrder = (v: DatePair) => v.start_date === null || v.end_date === null || v.start_date <= v.end_date;

/** POST /api/views/: the name and the view as the screen shows it. */
export const CreateViewBody = ViewFields.extend({ name: ViewName })
  .refine(datesPaired, { message: 'Give both a start date and an end date, or neither', path: ['end_date'] })
  .refine(datesInOrder, { message: 'The end date must not be before the start date', path: ['end_date'] });
export type CreateViewBody = z.infer<typeof CreateViewBody>;
export type CreateViewInput = z.input<typeof CreateViewBody>;

/** POST /api/views/{id}/rename/. */
export const RenameViewBody = z.object({ name: ViewName });
export type RenameViewBody = z.infer<typeof RenameViewBody>;

export const ViewIdParams = z.object({ id: z.uuid({ message: 'must be a view id' }) });

/** A view's period and lists, as saved (and as the server stores them). */
export const SavedViewFilters = z.object({
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
  product_type_id: z.array(z.number().int()),
  insurers: z.array(z.string()),
  states: z.array(z.string()),
  business_type: z.array(z.number().int()),
});

export const SavedView = SavedViewFilters.extend({
  id: z.string(),
  name: z.string(),
  screen: z.enum(VIEW_SCREENS),
  report_id: z.number().int(),
  /** The report's or dashboard's name ('Dashboard' for the Dashboard screen). */
  report_name: z.string(),
  account_id: z.string().nullable(),
  /** The viewer saved it (may rename and delete it); others may only open it. */
  owned: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type SavedView = z.infer<typeof SavedView>;

export const SavedViewList = z.array(SavedView);

export const DeleteViewResponse = z.object({ message: z.string() });
export type DeleteViewResponse = z.infer<typeof DeleteViewResponse>;
