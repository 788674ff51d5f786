-- Source connector: a digest of the rows an entity's last successful run read. A run that reads the very
-- same rows again (only the look-back overlap, unchanged) skips the import instead of recording an
-- empty one every ETL interval. Frozen once committed: later changes go in new numbered files.
alter table etl_jobs add column source_digest text;
