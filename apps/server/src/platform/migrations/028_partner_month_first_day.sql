-- The first issue day of each partner-month beside its last (docs/decisions/037-partner-last-day.md). Report 24
-- counts the partners with business in a range: a month the range covers in part was settled by its last issue
-- day only when that day fell in the range, and otherwise the partner's policies were read. With the first day
-- too, a range over more than one month is settled by the partner-months alone: its first month by the last
-- day, its last month by the first day. Only a range inside one month can still need the policies.

alter table fact_partner_monthly add column first_issue_day date;

-- Each partner-month's first day among the policy versions the roll-ups were summed from.
update fact_partner_monthly f set first_issue_day = s.first_day
from (
  select date_trunc('month', day)::date as month, partner_id, line, min(day) as first_day from etl_policy_state
  where status = 'success' and partner_id is not null and line is not null group by 1, 2, 3
) s
where s.month = f.month and s.partner_id = f.partner_id and s.line = f.line;

alter table fact_partner_monthly alter column first_issue_day set not null;
