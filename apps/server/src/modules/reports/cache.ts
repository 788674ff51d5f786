import { LRUCache } from 'lru-cache';

/**
 * A small LRU of report results, bounded by an estimate of the memory they hold rather than by their number
 * (one result may be a few hundred bytes or several megabytes); a value over the whole budget is not kept, as
 * it would only push everything else out. Keys include the roll-ups' change time, and the owner clears it when
 * that time moves, so an entry is never older than the figures it came from; each instance keeps its own.
 */
export function byteBoundedCache<V extends object>(budgetBytes: number, sizeOf: (value: V) => number): LRUCache<string, V> {
  // A budget of 0 (REPORT_CACHE_MB=0) keeps nothing: lru-cache needs a positive bound, so every value is sized past it.
  if (budgetBytes <= 0) return new LRUCache<string, V>({ maxSize: 1, sizeCalculation: () => 2 });
  return new LRUCache<string, V>({ maxSize: budgetBytes, sizeCalculation: sizeOf });
}
