import { z } from 'zod';

/** Password sign-in, sign-out and the signed-in user; company sign-in is SIGN_IN_PATHS, sessions SESSION_PATHS. */
export const AUTH_PATHS = {
  login: '/accounts/api/v1/login/',
  logout: '/accounts/api/v1/logout/',
  me: '/accounts/api/v1/me/',
} as const;

export const LoginRequest = z.object({
  username: z.string().trim().min(1, 'Username is required').max(150),
  password: z.string().min(1, 'Password is required').max(200),
});
export type LoginRequest = z.infer<typeof LoginRequest>;

/** The signed-in user as the web app keeps it (docs/product/shell.md, 'Session values'). */
export const Me = z.object({
  code: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  emp_role: z.string(),
  designation: z.string(),
  user_type: z.string(),
  tier: z.string(),
  registration_date: z.string(),
  email_report_access: z.boolean(),
  download_report_access: z.boolean(),
  /** May use the /admin area (people, users, hierarchy, audit trail). */
  is_admin: z.boolean(),
});
export type Me = z.infer<typeof Me>;

export const LoginResponse = z.object({ token: z.string(), user: Me });
export type LoginResponse = z.infer<typeof LoginResponse>;

export const OkResponse = z.object({ ok: z.literal(true) });
