-- Files uploaded on /admin → Imports are a fourth way in, recorded under the uploader's login.
-- Frozen once committed: later changes go in new numbered files.
alter table import_runs drop constraint if exists import_runs_source_check;
alter table import_runs add constraint import_runs_source_check check (source in ('cli', 'api', 'connector', 'upload'));
