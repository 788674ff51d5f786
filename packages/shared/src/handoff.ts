import { z } from 'zod';

/** Hand-offs to the partner portals (docs/product/shell.md). */
export const HANDOFF_PATHS = {
  handoff: '/accounts/api/v1/handoff/',
  verify: '/accounts/api/v1/handoff/verify/',
} as const;

export const HandoffRequest = z.object({ target: z.string().min(1).max(64) });

/** What the browser form-posts (token, user_id, dossier_redirection) to `url`, in a new tab. */
export const HandoffResponse = z.object({
  url: z.string(),
  token: z.string(),
  user_id: z.string(),
  dossier_redirection: z.string(),
  expires_in_seconds: z.number().int(),
});
export type HandoffResponse = z.infer<typeof HandoffResponse>;

export const HandoffVerifyRequest = z.object({
  token: z.string().min(1).max(200),
  target: z.string().min(1).max(64),
});
export const HandoffVerifyResponse = z.object({
  user_id: z.string(),
  name: z.string(),
  emp_role: z.string(),
  designation: z.string(),
  target: z.string(),
});
export type HandoffVerifyResponse = z.infer<typeof HandoffVerifyResponse>;
