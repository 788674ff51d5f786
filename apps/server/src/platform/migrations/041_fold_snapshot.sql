-- What the business ETL's last read of the policies could see (docs/decisions/051-fold-snapshot.md): the oldest
-- transaction still in flight when it read (`pg_snapshot_xmin` of its snapshot, a 64-bit transaction id). A
-- policy row written by a transaction that had ended before then was visible to that read, so within the
-- look-back it is folded and neither the next run nor the renewal dues' total needs to look its version up.
-- Empty until the next run, which then looks the whole look-back up as before.
alter table etl_jobs add column fold_xmin bigint;
