/** Rejects when `work` has not settled within `ms`: a leaked connection or cursor would starve the pool. */
export function answersWithin<T>(ms: number, work: Promise<T>): Promise<T> {
  return Promise.race([work, new Promise<T>((_, reject) => setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms))]);
}
