import type { FastifyInstance } from 'fastify';
import { badRequest } from './http-errors';

// Parsed JSON nests at most this deep in any schema; deeper input is refused by validation anyway.
const MAX_DEPTH = 32;

/**
 * Parsed values only: arrays and plain objects (JSON; query strings, whose parser makes objects on a prototype
 * without one), never streams or other framework objects.
 */
function isParsed(value: object): boolean {
  if (Array.isArray(value)) return true;
  const proto = Object.getPrototypeOf(value) as object | null;
  return proto === null || proto === Object.prototype || Object.getPrototypeOf(proto) === null;
}

function hasNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH || !isParsed(value)) return false;
  for (const [key, item] of Object.entries(value)) {
    if (key.includes('\u0000') || hasNul(item, depth + 1)) return true;
  }
  return false;
}

/**
 * Refuses U+0000 anywhere in a request (path, query, parsed body) with 400: PostgreSQL text cannot hold it and
 * would fail with a 500 midway. Streamed bodies are checked by the import core instead.
 */
export function refuseNulCharacters(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (hasNul(request.params) || hasNul(request.query) || hasNul(request.body)) {
      throw badRequest('The text sent holds a character that is not allowed (NUL). Remove it and try again.');
    }
  });
}
