-- Renewal row actions (modules/notify) find a policy by its number, a renewal payment by its payment
-- id, and the renewal awaiting payment of an expiring policy by previous_policy_no.
create index if not exists policies_policy_no_idx on policies(policy_no) where policy_no is not null;
create index if not exists policies_payment_id_idx on policies(payment_id);
create index if not exists policies_previous_pending_idx on policies(previous_policy_no) where status = 'pending';
