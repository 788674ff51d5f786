import { Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { Pincode } from '@dossier/shared';
import { useRecommendedPartners } from '../api/recommended-partners';
import type { AdvisorState } from './connect-state';

interface Props {
  state: AdvisorState;
  managerCode: string;
  caseId: number;
  onChange: (next: AdvisorState) => void;
}

/**
 * 'Customer Pincode' and 'Search Advisor'; after a successful search the form hides and the
 * recommended advisors show in a dropdown as 'Name (partner id)' (docs/product/callcentre.md, 'Connect-call dialog').
 */
export function AdvisorSearch({ state, managerCode, caseId, onChange }: Props) {
  const search = useRecommendedPartners();
  const run = () => {
    const parsed = Pincode.safeParse(state.pincode);
    // The search runs only when the pincode form is valid; the first broken rule is shown.
    if (!parsed.success) return onChange({ ...state, error: parsed.error.issues[0]?.message ?? 'Pincode is Incorrect' });
    onChange({ ...state, error: null });
    search.mutate(
      { pincode: parsed.data, partner_ams_id: managerCode, case_id: caseId },
      { onSuccess: (res) => onChange({ ...state, error: null, results: res.data, chosen: null }) },
    );
  };

  if (state.results === null) {
    return (
      <Group align="flex-start" gap="xs" wrap="wrap">
        <TextInput
          label="Customer Pincode"
          value={state.pincode}
          onChange={(e) => onChange({ ...state, pincode: e.currentTarget.value, error: null })}
          onKeyDown={(e) => e.key === 'Enter' && run()}
          error={state.error}
          inputMode="numeric"
          w={180}
        />
        <Button mt={25} onClick={run} loading={search.isPending}>
          Search Advisor
        </Button>
      </Group>
    );
  }
  return (
    <Stack gap={4}>
      {state.results.length === 0 ? (
        <Text size="sm">No advisors found near {state.pincode}.</Text>
      ) : (
        <Select
          label="Recommended Advisor"
          placeholder="Choose an advisor"
          data={state.results.map((p) => ({ value: p.partner_ams_id, label: `${p.name} (${p.partner_ams_id})` }))}
          value={state.chosen}
          onChange={(v) => onChange({ ...state, chosen: v, touched: true })}
          searchable
          comboboxProps={{ withinPortal: true, zIndex: 400 }}
          maw={360}
        />
      )}
      <Button
        variant="subtle"
        size="xs"
        w="fit-content"
        onClick={() => onChange({ ...state, results: null, chosen: null, touched: false })}
      >
        Search another pincode
      </Button>
    </Stack>
  );
}
