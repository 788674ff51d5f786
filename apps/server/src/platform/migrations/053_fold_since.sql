-- When the oldest transaction in flight at the business ETL's last read began (docs/decisions/076-fold-window-from-transactions-in-flight.md):
-- a policy row that read could not see was written by a transaction begun then or later, and every writer stamps
-- `updated_at` with its transaction's time or later, so no unseen row is stamped before it. Empty when the
-- ETL's role cannot see every session's start (pg_read_all_stats) or a prepared transaction is waiting: the
-- look-back is then the watermark less ten minutes, as before.
alter table etl_jobs add column fold_since timestamptz;
