-- Contest standings kept by the ETL (docs/decisions/049-contest-standings.md). Reports 32-34 summed each RM's own
-- business over the contest window from the subtree roll-ups of every RM of the zones and of everyone reporting to
-- them, on every view: work that grows with the RMs of the organisation, for a board whose figures change only when
-- the ETL runs.

-- Each contest as its standings were summed for it (the report shows these, so a contest changes with its figures
-- and the report cache): a contest that differs (changed by an import or the connector) or that has none yet (a
-- new contest, or this migration) is summed afresh by the next run.
create table contest_boards (
  contest_id integer primary key references contests(id) on delete cascade,
  zone_ids smallint[] not null,
  starts_on date not null,
  ends_on date not null,
  target_wp numeric(14,2) not null
);

-- Per contest and credited employee, their own successful business in the window, as the ETL last folded it.
-- Anyone with such business has a row, whatever their designation or zone: the report picks the contest's RMs as
-- it reads.
create table contest_standings (
  contest_id integer not null references contest_boards(contest_id) on delete cascade,
  employee_id integer not null,
  nop integer not null,
  weightage_premium numeric(16,2) not null,
  primary key (contest_id, employee_id)
);
