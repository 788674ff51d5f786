/**
 * Query keys two features share (the signed-in user, the side menu, saved views, report mails); a feature's own
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
