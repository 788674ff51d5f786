-- The daily brief by mail (docs/product/brief.md, 'By mail'): a subscription of kind 'brief' mails the user's
-- brief each morning. It has no report and no filters (the brief is always the user's own subtree, today),
-- and a user has at most one.
alter table report_subscriptions add column kind text not null default 'report' check (kind in ('report', 'brief'));
alter table report_subscriptions alter column report_id drop not null;
alter table report_subscriptions add check ((kind = 'report') = (report_id is not null));
create unique index report_subscriptions_one_brief_idx on report_subscriptions(user_id) where kind = 'brief';
