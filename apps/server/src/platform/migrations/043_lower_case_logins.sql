-- Logins compare case-insensitively: sign-in lower-cases what is typed, so a login stored with capitals (imported
-- before logins were normalised) could never sign in. Every login is stored lower-case from now on; one whose
-- lower-case form another user already holds keeps its spelling until an administrator renames it (the check
-- below is not validated against such rows).
update users u set login = lower(u.login)
where u.login <> lower(u.login)
  and not exists (select 1 from users o where o.login = lower(u.login));
alter table users add constraint users_login_lower_case check (login = lower(login)) not valid;
