import { BRIEF_PATHS, BriefResponse } from '@dossier/shared';
import { expect } from 'vitest';
import { ownOnly, type MatrixEntry } from './types';

/** The daily brief: anyone signed in, over their own subtree only (it takes no account to drill to). */
export const BRIEF_MATRIX: readonly MatrixEntry[] = [
  {
    route: `GET ${BRIEF_PATHS.brief}`,
    access: 'token',
    variants: [
      ownOnly({
        request: () => ({ method: 'GET', url: BRIEF_PATHS.brief }),
        check: (_ctx, res) => expect(BriefResponse.safeParse(res.json()).success).toBe(true),
      }),
    ],
  },
];
