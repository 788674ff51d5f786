-- Partners by their last day with business, per manager (docs/decisions/037-partner-last-day.md). Report 24
-- counts the subtree's partners with business in the range and in the 90 days up to its end: a count of
-- distinct partners over days, which it read partner-month by partner-month (a national head's: every partner
-- of the organisation). When no partner has business after the range's end (the default view, which ends
-- today), a partner had business since a day exactly when its last day with business is not earlier: a count
-- of these rows.

-- Per manager: of the partners currently mapped to them, how many have `last_day` as their last day with
-- successful business (a partner counts once per current mapping, as in fact_manager_partners).
create table fact_manager_partner_last (
  manager_id integer not null,
  last_day date not null,
  partners integer not null,
  primary key (manager_id, last_day)
) with (fillfactor = 90);

-- The latest day with business of any partner: whether a range's end is past every partner's last day.
create index fact_manager_partner_last_day_idx on fact_manager_partner_last (last_day);

-- Scratch rows of the current run: the changed partners' last day before (-1) and after (+1) the fold.
create unlogged table etl_partner_last (
  partner_id integer not null,
  last_day date not null,
  sign smallint not null
);

-- The counts of the data already here; from now on the ETL keeps them (and a full rebuild writes them afresh).
insert into fact_manager_partner_last (manager_id, last_day, partners)
select m.manager_id, l.last_day, count(*)
from (select partner_id, max(last_issue_day) as last_day from fact_partner_monthly group by partner_id) l
join partner_mappings m on m.partner_id = l.partner_id and m.valid_to is null
group by m.manager_id, l.last_day;
