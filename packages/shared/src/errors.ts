import { z } from 'zod';

/** The one error shape of every endpoint (docs/product/shell.md, 'Error dialog'). */
export const ErrorBody = z.object({
  error: z.string(),
  detail: z.unknown().optional(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;
