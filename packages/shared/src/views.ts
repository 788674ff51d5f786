import { z } from 'zod';
import { IsoDate, pathSegment, PathId, SearchText } from './primitives';

/**
 * Saved views (docs/product/views.md): a user's named report or dashboard view with its filters, listed under
 * 'My views', shareable with colleagues and opened through its link within the opener's own subtree.
 */
export const VIEWS_PATHS = {
  list: '/api/views/',
  /** The views others shared with the viewer. */
  shared: '/api/views/shared/',
  /** The colleagues the viewer may share a view with, by name, login or code. */
  colleagues: '/api/views/colleagues/',
  one: (id: string) => `/api/views/${pathSegment(id)}/`,
  rename: (id: string) => `/api/views/${pathSegment(id)}/rename/`,
  remove: (id: string) => `/api/views/${pathSegment(id)}/delete/`,
  shares: (id: string) => `/api/views/${pathSegment(id)}/shares/`,
  unshare: (id: string, userId: number | string) => `/api/views/${pathSegment(id)}/shares/${pathSegment(userId)}/delete/`,
  /** A recipient takes a shared view off their list. */
  dismiss: (id: string) => `/api/views/${pathSegment(id)}/dismiss/`,
} as const;

/** The longest view name, in characters. */
export const VIEW_NAME_MAX = 80;
/** The longest view description, in characters. */
export const VIEW_DESCRIPTION_MAX = 300;
/** Saved views one user may hold. */
export const MAX_VIEWS_PER_USER = 100;
/** Colleagues one view may be shared with. */
export const MAX_VIEW_RECIPIENTS = 50;
/** Colleagues one search of the share dialog answers. */
export const COLLEAGUE_SEARCH_LIMIT = 20;

/** What opening a deleted (or never existing) view answers. */
export const VIEW_GONE_MESSAGE = 'This view no longer exists: its owner deleted it.';
/** What opening a view drilled to an account outside the viewer's subtree answers. */
export const VIEW_OUTSIDE_TEAM_MESSAGE = 'This view shows an account outside your team.';

export const ViewName = z
  .string({ message: 'Enter a name for the view' })
  .trim()
  .min(1, 'Enter a name for the view')
  .max(VIEW_NAME_MAX, `A view name can have at most ${VIEW_NAME_MAX} characters`);

/** Optional: blank (or null) is none, stored as null. */
export const ViewDescription = z
  .string()
  .trim()
  .max(VIEW_DESCRIPTION_MAX, `A description can have at most ${VIEW_DESCRIPTION_MAX} characters`)
  .nullable()
  .transform((text) => (text ? text : null));

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

/** POST /api/views/: the name, the description (optional) and the view as the screen shows it. */
export const CreateViewBody = ViewFields.extend({ name: ViewName, description: ViewDescription.optional().transform((d) => d ?? null) })
  .refine(datesPaired, { message: 'Give both a start date and an end date, or neither', path: ['end_date'] })
  .refine(datesInOrder, { message: 'The end date must not be before the start date', path: ['end_date'] });
export type CreateViewBody = z.infer<typeof CreateViewBody>;
export type CreateViewInput = z.input<typeof CreateViewBody>;

/** POST /api/views/{id}/rename/: the name, and the description when sent (absent: unchanged; blank or null: none). */
export const RenameViewBody = z.object({ name: ViewName, description: ViewDescription.optional() });
export type RenameViewBody = z.infer<typeof RenameViewBody>;

const ViewId = z.uuid({ message: 'must be a view id' });
export const ViewIdParams = z.object({ id: ViewId });

/** POST /api/views/{id}/shares/: the colleague to share with (a user id the colleague search answered). */
export const ShareViewBody = z.object({ user_id: z.number().int().positive().max(2_147_483_647) });
export type ShareViewBody = z.infer<typeof ShareViewBody>;

/** POST /api/views/{id}/shares/{userId}/delete/. */
export const ViewShareParams = z.object({ id: ViewId, userId: PathId });

/** GET /api/views/colleagues/?search=: contained in the name, login or employee code, any case. */
export const ColleagueQuery = z.object({ search: SearchText.default('') });

/** A person the viewer may share a view with. */
export const Colleague = z.object({
  user_id: z.number().int(),
  name: z.string(),
  login: z.string(),
  /** The employee code. */
  code: z.string(),
});
export type Colleague = z.infer<typeof Colleague>;
export const ColleagueList = z.array(Colleague);

/** A colleague a view is shared with, as its owner sees them. */
export const ViewRecipient = Colleague.extend({
  /** False once the user or their employee is deactivated: the share is kept, they see nothing meanwhile. */
  active: z.boolean(),
  shared_at: z.string(),
});
export type ViewRecipient = z.infer<typeof ViewRecipient>;

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
  description: z.string().nullable(),
  /** The viewer saved it (may edit, share and delete it); others may only open it. */
  owned: z.boolean(),
  /** Whom the owner shared it with, oldest first; empty for everyone else. */
  shared_with: z.array(ViewRecipient),
  /** Who shared it with the viewer and when; null unless it is shared with the viewer. */
  shared_by: z.object({ name: z.string(), code: z.string(), shared_at: z.string() }).nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type SavedView = z.infer<typeof SavedView>;

export const SavedViewList = z.array(SavedView);

/** The answer of deleting a view and of taking a shared one off one's list. */
export const DeleteViewResponse = z.object({ message: z.string() });
export type DeleteViewResponse = z.infer<typeof DeleteViewResponse>;
