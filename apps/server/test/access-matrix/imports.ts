import { ImportEntity } from '@dossier/shared';
import { expect } from 'vitest';
import { createApiKey, revokeApiKey } from '../../src/modules/imports/api-keys';
import { bearer, LOGINS, type MatrixEntry } from './types';

const CSV = 'insurer_name_that_is_not_a_column\nx\n';

export const IMPORTS_MATRIX: readonly MatrixEntry[] = [
  {
    route: 'POST /api/v1/ingest/:entity',
    access: 'public',
    why: 'pushed by the distributor’s systems: authenticated by an API key (Bearer), never by a session',
    check: async ({ app, db, token }) => {
      let sent = 0;
      const post = async (authorization: string | undefined) => {
        sent++;
        return app.inject({
          method: 'POST',
          url: '/api/v1/ingest/insurers?dry_run=true',
          payload: CSV,
          headers: { 'content-type': 'text/csv', ...(authorization ? { authorization } : {}) },
        });
      };
      expect((await post(undefined)).statusCode).toBe(401);
      for (const login of LOGINS) {
        // Every role's session, in either scheme, is refused: sessions cannot ingest.
        expect((await post(bearer(token(login)).authorization)).statusCode).toBe(401);
        expect((await post(`Bearer ${token(login)}`)).statusCode).toBe(401);
      }
      const key = await createApiKey(db, 'matrix-key', ['insurers']);
      const ok = await post(`Bearer ${key}`);
      expect(ok.statusCode, ok.body).toBe(422);
      expect(ok.json<{ errors: { field: string }[] }>().errors[0]?.field).toBe('insurer_name_that_is_not_a_column');
      // A key writes only the entities of its scope: every other one, people first, is refused (403).
      for (const entity of ImportEntity.options.filter((e) => e !== 'insurers')) {
        sent++;
        const outside = await app.inject({
          method: 'POST',
          url: `/api/v1/ingest/${entity}?dry_run=true`,
          payload: CSV,
          headers: { 'content-type': 'text/csv', authorization: `Bearer ${key}` },
        });
        expect([entity, outside.statusCode, outside.json<{ error: string }>().error]).toEqual([
          entity,
          403,
          `The API key "matrix-key" may push insurers only, not ${entity}: an administrator can make a key that includes it`,
        ]);
      }
      // The key reads nothing.
      sent++;
      expect((await app.inject({ method: 'GET', url: '/api/side_menu/', headers: { authorization: `Bearer ${key}` } })).statusCode).toBe(
        401,
      );
      await revokeApiKey(db, 'matrix-key');
      expect((await post(`Bearer ${key}`)).statusCode).toBe(401);
      return sent;
    },
  },
];
