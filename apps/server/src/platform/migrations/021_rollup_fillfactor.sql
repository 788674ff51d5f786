-- The ETL updates roll-up cells in place. With every heap page full, each update wrote the new row version to
-- another page and a new entry into every index of the table; with a tenth of each page free, most updates
-- stay on their page and skip the indexes (a heap-only update). Measured at 10 lakh policies: the first
-- incremental run after a full rebuild (10,000 changed policies) took 1.8-2.0 s with full pages, 1.4-1.5 s
-- with 90. A full rebuild keeps the setting (docs/decisions/033-subtree-daily-and-rebuild-swap.md).
alter table fact_daily_business set (fillfactor = 90);
alter table fact_subtree_daily set (fillfactor = 90);
alter table fact_subtree_monthly set (fillfactor = 90);
alter table fact_partner_monthly set (fillfactor = 90);
alter table etl_policy_state set (fillfactor = 90);
