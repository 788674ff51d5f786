import { LRUCache } from 'lru-cache';

/**
 * A small LRU of report results bounded by estimated bytes, not count; a value over the whole budget is not
 * kept. Keys include the roll-ups' change time, so an entry is never older than its figures; per instance.
 */
export function byteBoundedCache<V extends object>(budgetBytes: number, sizeOf: (value: V) => number): LRUCache<string, V> {
  // A budget of 0 (REPORT_CACHE_MB=0) keeps nothing: lru-cache needs a positive bound, so every value is sized past it.
  if (budgetBytes <= 0) return new LRUCache<string, V>({ maxSize: 1, sizeCalculation: () => 2 });
  return new LRUCache<string, V>({ maxSize: budgetBytes, sizeCalculation: sizeOf });
}
