import '@tanstack/react-query';

/**
 * Typed `meta` for queries and mutations. `errorDialog: false` opts a call out of the global error
 * dialog when the screen shows the error itself (the sign-in form) or ignores it (logout).
 */
interface CallMeta extends Record<string, unknown> {
  errorDialog?: boolean;
}

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: CallMeta;
    mutationMeta: CallMeta;
  }
}
