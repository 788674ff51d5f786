import { z } from 'zod';
import { STORAGE_KEYS } from './constants';

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

/** The local storage entries a sign-in leaves (docs/product/shell.md, 'Session values'). */
export function sessionEntries({ token, user }: LoginResponse): [string, string][] {
  return [
    [STORAGE_KEYS.token, token],
    [STORAGE_KEYS.code, user.code],
    [STORAGE_KEYS.userType, user.user_type],
    [STORAGE_KEYS.email, user.email],
    [STORAGE_KEYS.firstName, user.first_name],
    [STORAGE_KEYS.lastName, user.last_name],
    [STORAGE_KEYS.tier, user.tier],
    [STORAGE_KEYS.registrationDate, user.registration_date],
  ];
}

export const OkResponse = z.object({ ok: z.literal(true) });
