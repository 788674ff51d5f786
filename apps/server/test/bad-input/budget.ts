/**
 * How many fuzz requests to send in all (spread evenly over the routes) and the fast-check seed.
 * The default keeps the fuzz test near a minute on PGlite on a 2-core machine, as CI runs it twice
 * (PGlite and PostgreSQL); raise FUZZ_RUNS for a deeper search, set FUZZ_SEED to replay a failure.
 */
export const FUZZ_RUNS = Number(process.env.FUZZ_RUNS ?? 3000);
export const FUZZ_SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : Math.floor(Math.random() * 2 ** 31);
