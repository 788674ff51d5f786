-- Imports match names case-insensitively (states, insurers, zones, lead categories, contests:
-- docs/data-contract.md). An index on lower(name) gives the planner statistics for that expression and a
-- probe when a table is large; without statistics it took these few dozen rows for about a thousand and
-- sorted every batch of a policies import twice instead of hashing. These tables are too small for
-- autovacuum ever to analyze them, so they are analyzed here once.
create index if not exists zones_lower_name_idx on zones (lower(name));
create index if not exists states_lower_name_idx on states (lower(name));
create index if not exists insurers_lower_name_idx on insurers (lower(name));
create index if not exists lead_categories_lower_name_idx on lead_categories (lower(name));
create index if not exists contests_lower_name_idx on contests (lower(name));
analyze zones, states, insurers, lead_categories, contests, products, business_types;
