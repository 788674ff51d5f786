import { z } from 'zod';
import { fromDayMonthYear, isValidIsoDate } from './dates';

/**
 * Field schemas every area shares, so a date or a code is checked, and refused, the same way everywhere. The
 * messages are completed with the field's name by the server's error handler ('Start date must be a date in
 * yyyy-MM-dd format').
 */

/** A business date, yyyy-MM-dd. */
export const IsoDate = z.string().refine(isValidIsoDate, { message: 'must be a date in yyyy-MM-dd format' });

/** A date as the original product's screens send it, dd/MM/yyyy. */
export const DayMonthYearDate = z.string().refine((t) => fromDayMonthYear(t) !== null, { message: 'must be a date in dd/MM/yyyy format' });

const CODE_PATTERN = /^[A-Za-z0-9_-]{1,40}$/;

/** An employee or partner code. */
export const EntityCode = z.string().trim().regex(CODE_PATTERN, { message: 'must be a code of letters, digits, - or _ (at most 40)' });
