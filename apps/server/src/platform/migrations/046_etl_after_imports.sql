-- The roll-ups follow a committed import batch within seconds (modules/etl/freshness.ts): a run records up to
-- when the batches it could read had finished, and the batches that finished later are waiting for the next run.
alter table etl_jobs add column imports_folded_to timestamptz;
-- The waiting batches are the newest few applied ones: read from this index's end.
create index import_runs_applied_finished_idx on import_runs (finished_at) where applied and not dry_run;
