-- A contest's board is the report with the contest's id (docs/decisions/067-contest-boards-from-the-data.md), and
-- new contests take ids from 1001 on. Contests imported after the first three took 35 and up, the ids of the
-- catalogue's own reports (Direct business, Loan business, …): they move past 1000, in the order they came, so
-- each gets a board of its own. Their standings go with their old ids; the next ETL run sums them afresh, as for
-- a new contest. The demo's contests, and the first three of an import, keep 32–34 and their links.
delete from contest_boards where contest_id < 32 or contest_id between 35 and 1000;

with moved as (
  select id, (select greatest(coalesce(max(id), 0), 1000) from contests) + row_number() over (order by id) as new_id
  from contests
  where id < 32 or id between 35 and 1000
)
update contests c set id = moved.new_id from moved where c.id = moved.id;
