export { DateRangeFilter, type DateRangeFilterProps } from './DateRangeFilter';
export { MonthFilter, type MonthFilterProps } from './MonthFilter';
export { currentMonth, parseQueryDate, rangeFromQuery, rangeProblem, shiftDays, withRange, type DateRangeValue } from './range';
