export { DateRangeFilter } from './DateRangeFilter';
export { MonthFilter } from './MonthFilter';
export { currentMonth, parseQueryDate, rangeFromQuery } from './range';
