-- 'Renewals due in 7 days' on My day counts a due policy only while no successful policy renews it: the
-- anti-join looks each due policy's number up among the renewals. Without this index that look-up read every
-- policy (a quarter of a second at 10 lakh policies, for every viewer); with it, a few index probes.
-- Frozen once committed: later changes go in new numbered files.
create index if not exists policies_previous_success_idx on policies (previous_policy_no)
  where status = 'success' and previous_policy_no is not null;
