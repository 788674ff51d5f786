import { z } from 'zod';
import { fromDayMonthYear, isValidIsoDate } from './dates';

/**
 * Field schemas every area shares, so a date or a code is refused the same way everywhere; the server's
 * error handler adds the field's name to the message.
 */

/** A business date, yyyy-MM-dd. */
export const IsoDate = z.string().refine(isValidIsoDate, { message: 'must be a date in yyyy-MM-dd format' });

/** A date as the original product's screens send it, dd/MM/yyyy. */
export const DayMonthYearDate = z.string().refine((t) => fromDayMonthYear(t) !== null, { message: 'must be a date in dd/MM/yyyy format' });

const CODE_PATTERN = /^[A-Za-z0-9_-]{1,40}$/;

/** An employee or partner code. */
export const EntityCode = z.string().trim().regex(CODE_PATTERN, { message: 'must be a code of letters, digits, - or _ (at most 40)' });

/** A row id in a JSON body. */
export const BodyId = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** A row id in a path or a query string: ids are PostgreSQL integers, so a larger number is refused here, not by the database (a 500). */
export const PathId = z.coerce.number().int().positive().max(2_147_483_647);

/** What a person types into a table's search box, for a table the server searches (case-insensitive, contained). */
export const SearchText = z.string().trim().max(100, 'must be at most 100 characters');

/** Direction of a server-sorted table. */
export const SortOrder = z.enum(['asc', 'desc']);

/**
 * One segment of a path built by a `<AREA>_PATHS` function: a value is encoded, while a route parameter
 * (`:code`, what the server's route table passes) is kept as it is.
 */
export const pathSegment = (value: string | number): string =>
  typeof value === 'string' && value.startsWith(':') ? value : encodeURIComponent(String(value));
