import { IconAction } from '../icon-action/IconAction';
import { IconPhone } from '@tabler/icons-react';
import { useMobileLookup } from './mobile-lookup';

/** A phone icon that looks up one partner's mobile number (only one lookup and one dialog at a time). */
export function MobileLookupButton({ partnerCode, name }: { partnerCode: string; name?: string }) {
  const lookup = useMobileLookup();
  return (
    <IconAction label={`Mobile number of ${name ?? partnerCode}`} loading={lookup.isPending} onClick={() => lookup.mutate(partnerCode)}>
      <IconPhone size={16} aria-hidden />
    </IconAction>
  );
}
