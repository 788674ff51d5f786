/** Query keys of sign-in. */
export const authKeys = {
  startupProgress: ['startup-progress'] as const,
  signInOptions: ['sign-in-options'] as const,
};
