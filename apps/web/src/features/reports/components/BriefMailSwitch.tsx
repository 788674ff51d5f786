import { Switch } from '@mantine/core';
import { kolkataDateTime, type BriefMailState } from '@dossier/shared';
import { useBriefMail, useSetBriefMail } from '../api/brief-mail';

/** The line under the switch: why it cannot be on, why the server paused it, or when the next mail goes. */
function note(state: BriefMailState): string | undefined {
  if (!state.may_mail) return 'You do not have access to email reports';
  const s = state.subscription;
  if (s?.paused) return s.paused_reason ? `Paused: ${s.paused_reason}` : 'Paused under My subscriptions';
  if (s) return `Next mail ${kolkataDateTime(new Date(s.next_run_at))}. Pause or delete it under My subscriptions.`;
  return undefined;
}

/** My day by mail (docs/product/brief.md, 'By mail'): one switch, off until the user turns it on. */
export function BriefMailSwitch() {
  const state = useBriefMail();
  const set = useSetBriefMail();
  const checked = set.isPending ? set.variables : (state.data?.on ?? false);
  return (
    <Switch
      label="Mail me this at 08:30 every morning"
      description={state.data ? note(state.data) : undefined}
      checked={checked}
      disabled={!state.data?.may_mail || set.isPending}
      onChange={(event) => set.mutate(event.currentTarget.checked)}
      maw={360}
    />
  );
}
