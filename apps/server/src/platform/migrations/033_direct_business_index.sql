-- Each person's direct business (not sold through a partner) by day: the Direct dashboard's days of a range that
-- do not make a whole month have no subtree roll-up with both product and insurer, so they are read from the
-- daily facts of everyone in the viewer's subtree. Through the plain (employee_id, day) index that is every
-- row of those days, partner business included (most of it); through this one, only the direct rows.
create index fact_daily_business_direct_idx on fact_daily_business(employee_id, day) where channel <> 'pos';
