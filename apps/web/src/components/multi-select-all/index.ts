export { MultiSelectAll, type MultiSelectAllProps } from './MultiSelectAll';
export {
  isAllSelected,
  restoreSelection,
  selectionLabel,
  selectionToFilter,
  toggleAll,
  toggleOne,
  type SelectionLabels,
  type SelectOption,
} from './select-logic';
