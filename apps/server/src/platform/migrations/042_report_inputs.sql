-- The report cache is keyed on when the roll-ups' figures last changed, but the reports built on them also show
-- what is read as it is now beside the figures: employees' names, designations and zones, partners' names,
-- targets, insurers. When those were imported or edited, cached answers kept the old values until the figures
-- next changed (on a quiet day, indefinitely). This row says when they last changed; the cache key is the later of
-- the two. A row of its own, not a column of etl_jobs: a running ETL holds the job's row for its whole run, and an
-- import or an edit that stamped it would wait for the run.
create table report_inputs (
  id boolean primary key default true check (id),
  changed_at timestamptz not null default now()
);
insert into report_inputs default values;
