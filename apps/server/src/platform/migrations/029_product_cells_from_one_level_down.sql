-- The product cells hold the business of descendants one level below an ancestor and deeper, where they held
-- it from two levels down (docs/decisions/038-product-cells-from-one-level-down.md): a team lead's cells now
-- hold their RMs' business, so an ASM's pivot by team lead reads a few cells per team lead and month instead of
-- every RM's daily facts. Readers add only the ancestor's own daily facts. Until the next run the cells lack the
-- new level; without a watermark that run is a full rebuild (at start, before the server is ready), which
-- writes them.
update etl_jobs set last_transaction_updated_at = null, last_transaction_created_at = null where name = 'business_rollup';
