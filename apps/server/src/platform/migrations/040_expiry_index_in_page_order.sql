-- Report 38's page is ordered by expiry, policy number and id. With the index on (expiry_date, employee_id), the
-- page's first day had to be read whole and sorted before its first 100 rows were known: every policy expiring
-- that day (about 10,700 at 1 crore policies, 1,000 at 10 lakh), so the page grew with the business (157 ms
-- cold at 1 crore). In the page's own order, a page reads its rows and stops (2.2 ms); the employee stays in
-- the index, so the count of a filtered range still checks the subtree from the index.
drop index policies_expiry_idx;
create index policies_expiry_idx on policies (expiry_date, policy_no, id) include (employee_id)
  where status = 'success' and policy_no is not null;
