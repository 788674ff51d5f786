import { DEMO_PORTAL_PREFIX } from './demo-portal';
import { z } from 'zod';

/**
 * External portals the header can hand a user off to (docs/product/shell.md); only these get tokens. Defaults
 * point at the built-in demo portal; production sets PORTAL_TARGETS.
 */
export const PortalTarget = z.object({
  key: z.string().regex(/^[a-z0-9_-]{1,64}$/),
  name: z.string().min(1),
  url: z.string().min(1),
  /** Sent as dossier_redirection: tells the target which of its areas to open. */
  value: z.string(),
  group: z.enum(['sales_portal', 'partner_search', 'insurance', 'paymaster', 'rule_search', 'meeting']),
  /** true: form post with a hand-off token; false: a plain link. */
  handoff: z.boolean(),
});
export type PortalTarget = z.infer<typeof PortalTarget>;

const demo = (key: string, name: string, group: PortalTarget['group'], handoff: boolean, value = key): PortalTarget => ({
  key,
  name,
  url: `${DEMO_PORTAL_PREFIX}${key}`,
  value,
  group,
  handoff,
});

export const DEFAULT_TARGETS: readonly PortalTarget[] = [
  demo('sales', 'Sales Portal', 'sales_portal', true, 'sales_dashboard'),
  demo('partner-search', 'Partner Search', 'partner_search', true, 'partner_search'),
  demo('suraksha', 'Suraksha', 'insurance', true, 'suraksha'),
  demo('motor-d2c', 'Motor Direct', 'insurance', true, 'motor'),
  demo('health-d2c', 'Health Direct', 'insurance', true, 'health'),
  demo('health-portal', 'Health Portal', 'insurance', true, 'health_portal'),
  demo('approval-tw', 'Special Approval TW', 'paymaster', true, 'tw'),
  demo('approval-fw', 'Special Approval FW', 'paymaster', true, 'fw'),
  demo('approval-cv', 'Special Approval CV', 'paymaster', true, 'cv'),
  demo('approval-health', 'Special Approval Health', 'paymaster', true, 'health'),
  demo('approval-life', 'Special Approval Life', 'paymaster', true, 'life'),
  demo('rule-search', 'Rule Search', 'rule_search', false),
  // The meeting links open Dossier's own appointment screens (call centre), not an external portal.
  {
    key: 'book-appointment',
    name: 'Book an Appointment',
    url: '/book-appointment',
    value: 'book-appointment',
    group: 'meeting',
    handoff: false,
  },
  {
    key: 'my-appointments',
    name: 'My Booked Appointment',
    url: '/my-appointments',
    value: 'my-appointments',
    group: 'meeting',
    handoff: false,
  },
];

/** Parses PORTAL_TARGETS (a JSON array); every group must keep at least the entries the header needs. */
export function parseTargets(json: string | undefined): readonly PortalTarget[] {
  if (!json) return DEFAULT_TARGETS;
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch {
    throw new Error('Invalid configuration:\n  PORTAL_TARGETS: is not valid JSON');
  }
  const parsed = z.array(PortalTarget).safeParse(raw);
  if (!parsed.success) {
    throw new Error(
      `Invalid configuration:\n  PORTAL_TARGETS: ${parsed.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}`,
    );
  }
  for (const group of ['sales_portal', 'partner_search', 'rule_search'] as const) {
    if (!parsed.data.some((t) => t.group === group))
      throw new Error(`Invalid configuration:\n  PORTAL_TARGETS: needs an entry of group ${group}`);
  }
  return parsed.data;
}
