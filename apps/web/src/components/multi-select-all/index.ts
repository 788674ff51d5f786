export { MultiSelectAll } from './MultiSelectAll';
export { restoreSelection, selectionToFilter, type SelectOption } from './select-logic';
