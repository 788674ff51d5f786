/**
 * What a caller may add to a feature's query (`useX(params, { enabled: … })`): the options of the
 * feature's `xQueryOptions` except its key and its call, which stay the feature's.
 */
export type QueryConfig<T extends (...args: never[]) => unknown> = Omit<ReturnType<T>, 'queryKey' | 'queryFn'>;
