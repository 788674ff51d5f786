-- The version of each policy the roll-ups hold: its updated_at when the ETL folded it. A run re-reads its
-- look-back window (for rows committed late) but folds only the rows whose version changed, so a run that
-- finds nothing new does no work and leaves the report cache alone.
alter table etl_policy_state add column updated_at timestamptz;
