-- Apex Journey and Recruitment count the partners registered in the range (a month's cohort): the index
-- reads that cohort alone, where the reports read every partner of the subtree (a national head's: all).
create index partners_registered_idx on partners (registered_at);
