/**
 * Query keys that two features share: one server answer cached once (the signed-in user, the side
 * menu) or a list one feature shows and another changes (saved views, report mails). A feature's own
 * keys are in its `api/keys.ts`.
 */
export const sharedKeys = {
  me: ['me'] as const,
  sideMenu: ['side-menu'] as const,
  views: ['views'] as const,
  subscriptions: ['subscriptions'] as const,
  /** Under `subscriptions`: a change on My subscriptions refreshes My day's mail switch too. */
  briefMail: ['subscriptions', 'brief'] as const,
};
