import { useEffect, useRef, useState } from 'react';
import { Button, Divider, Group, Stack, Switch, Text } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';

import {
  ACTIVE_CALL_STATUSES,
  CUSTOMER_CHOICE_SCHEDULE,
  MESSAGE_MS,
  PARTNER_CHOICE_CALL_BACK,
  REMARK_MESSAGE_MS,
  type CallRecord,
  type SaveCaseOutcomeRequest,
} from '@dossier/shared';
import { readStoredUser } from '../../../lib/session';
import { useCallDetails } from '../api/call-details';
import { useCallToConnect } from '../api/call-to-connect';
import { callCentreKeys } from '../../../lib/callcentre-keys';
import { useSaveOutcome } from '../api/save-outcome';
import { useSlots } from '../api/slots';
import { kolkataToday as todayIso } from '../../../lib/format';
import { meetingDate } from '../lib/meeting-date';
import { canSave, sectionsToSend } from '../lib/save-rules';
import { CallPanel } from './CallPanel';
import {
  connectSchema,
  INITIAL_CUSTOMER,
  INITIAL_PARTNER,
  initialAdvisor,
  initialConnectValues,
  type ConnectValues,
} from './connect-state';
import { CustomerForm } from './CustomerForm';
import { PartnerForm } from './PartnerForm';
import { RadioRow } from './RadioRow';
import { ResultMessage } from './ResultMessage';

const PARTIES = [
  { value: 1, label: 'Customer' },
  { value: 2, label: 'Partner' },
];

/** Outlives one mount of the dialog's content: the values come back after an error dialog took its place. */
export interface ConnectDialogMemory {
  values: () => ConnectValues | undefined;
  keep: (values: ConnectValues) => void;
}

interface Props {
  callDataInfo: CallRecord;
  /** Whom the dialog starts on: the customer (1, default) or the partner (2, from My day's slipping partners). */
  party?: 1 | 2;
  memory: ConnectDialogMemory;
  onClose: () => void;
}

interface Message {
  text: string;
  ms: number;
  /** Close the dialog when the message goes (after a reassignment). */
  thenClose?: boolean;
}

/** Type 2 dialog's content: place a bridged call, record the outcome, schedule, reassign, open/close the ticket. */
export function ConnectCallDialog({ callDataInfo, party: startOn = 1, memory, onClose }: Props) {
  const qc = useQueryClient();
  const { code } = readStoredUser();
  const today = todayIso();
  const form = useForm<ConnectValues>({
    mode: 'controlled',
    initialValues: memory.values() ?? initialConnectValues(callDataInfo.status, callDataInfo.pin, startOn),
    validate: schemaResolver(connectSchema(today), { sync: true }),
    onValuesChange: (values) => memory.keep(values),
  });
  const values = form.getValues();
  const { party, customer, partner, advisor } = values;
  const [message, setMessage] = useState<Message | null>(null);
  const closeRef = useRef(onClose);
  useEffect(() => {
    closeRef.current = onClose;
  });

  const details = useCallDetails(callDataInfo.case_id);
  const connect = useCallToConnect();
  const save = useSaveOutcome();

  const scheduleDate = party === 1 ? meetingDate(customer.meeting, customer.picked, today) : today;
  // The slot list loads with the dialog, and again for a new date or when partner choice 1 is picked.
  const slots = useSlots(
    { partner_id: callDataInfo.partner_id, date: scheduleDate },
    { enabled: party === 1 || partner.choice === PARTNER_CHOICE_CALL_BACK },
  );

  useEffect(() => {
    if (!message) return;
    const timer = setTimeout(() => {
      setMessage(null);
      if (message.thenClose) closeRef.current();
    }, message.ms);
    return () => clearTimeout(timer);
  }, [message]);

  const calls = details.data?.data.call_details ?? [];
  const placed = values.placedCallId === null ? null : (calls.find((c) => c.call_id === values.placedCallId) ?? null);
  const active = calls.some((c) => (ACTIVE_CALL_STATUSES as readonly string[]).includes(c.Status));
  const callDisabled =
    callDataInfo.status === 'closed'
      ? 'The ticket is closed'
      : party === 2 && callDataInfo.partner_id === null
        ? 'This case has no partner'
        : active
          ? 'A call is in progress'
          : null;

  const state = {
    statusToggled: values.status !== callDataInfo.status,
    customer: { touched: party === 1 && customer.touched, valid: form.isValid('customer') },
    partner: { touched: party === 2 && partner.touched, valid: form.isValid('partner') },
    newPartner: { touched: party === 1 && advisor.touched && !values.assigned, valid: form.isValid('advisor') },
  };

  /** Switching between customer and partner resets both forms and closes the call section. */
  const switchParty = (next: 1 | 2) =>
    form.setValues({
      party: next,
      customer: INITIAL_CUSTOMER,
      partner: INITIAL_PARTNER,
      advisor: initialAdvisor(callDataInfo.pin),
      placedCallId: null,
    });

  /** A section's new state; the note's message comes from the schema as the user types. */
  const setCustomer = (next: ConnectValues['customer']) => {
    form.setFieldValue('customer', next);
    form.validateField('customer.notes');
  };
  const setPartner = (next: ConnectValues['partner']) => {
    form.setFieldValue('partner', next);
    form.validateField('partner.notes');
  };

  const placeCall = () => {
    const toUser = party === 1 ? callDataInfo.customer_id : callDataInfo.partner_id;
    if (toUser === null) return;
    connect.mutate(
      { is_customer: party === 1, case_id: callDataInfo.case_id, to_user_id: toUser, trm_id: code },
      {
        onSuccess: (res) => {
          form.setFieldValue('placedCallId', res.call.call_id);
          setMessage({ text: res.message, ms: MESSAGE_MS });
        },
      },
    );
  };

  /** The booking part of a remark, when a slot was chosen (the server books it with the case's advisor). */
  const slotPart = (slotId: number | null, date: string): SaveCaseOutcomeRequest['slot'] => {
    const label = slots.data?.data.find((s) => s.slot_id === slotId)?.slot;
    if (slotId === null || label === undefined || callDataInfo.partner_id === null) return undefined;
    return {
      customer_id: callDataInfo.customer_id,
      partner_id: callDataInfo.partner_id,
      product_code: callDataInfo.product_code,
      slot_id: slotId,
      start_end_time: label,
      date,
    };
  };

  /** Each touched, valid section, as one request: saved whole or not at all (docs/product/callcentre.md, 'Connect-call dialog'). */
  const submit = (v: ConnectValues) => {
    const sections = sectionsToSend(state);
    const body: SaveCaseOutcomeRequest = { case_id: callDataInfo.case_id };
    for (const section of sections) {
      if (section === 'customer') {
        body.remark = { remark: v.customer.choice, is_connected: v.customer.connected, notes: v.customer.notes, is_customer: true };
        if (v.customer.choice === CUSTOMER_CHOICE_SCHEDULE) body.slot = slotPart(v.customer.slotId, scheduleDate);
      } else if (section === 'newPartner' && v.advisor.chosen) {
        body.new_partner_username = v.advisor.chosen;
      } else if (section === 'partner') {
        const reason = v.partner.notConnected ? v.partner.reason : null;
        const choice = v.partner.notConnected && v.partner.reason === 1 ? v.partner.choice : null;
        body.remark = { remark: choice, is_connected: !v.partner.notConnected, notes: v.partner.notes, reason, is_customer: false };
        if (choice === PARTNER_CHOICE_CALL_BACK) body.slot = slotPart(v.partner.slotId, today);
      } else if (section === 'status') {
        body.status = v.status;
      }
    }
    save.mutate(body, {
      onSuccess: (res) => {
        // The status goes last; after it the dialog closes.
        if (res.status) return onClose();
        // After a successful remark save the form resets and the call section closes.
        if (res.remark) form.setValues({ customer: INITIAL_CUSTOMER, partner: INITIAL_PARTNER, placedCallId: null });
        if (res.reassignment) form.setValues({ assigned: true, advisor: initialAdvisor(callDataInfo.pin) });
        if (res.message)
          setMessage({ text: res.message, ms: res.reassignment ? MESSAGE_MS : REMARK_MESSAGE_MS, thenClose: !!res.reassignment });
      },
      // Nothing was saved; the error dialog shows the reason and the values stay for another try.
      onSettled: () => void qc.invalidateQueries({ queryKey: callCentreKeys.all }),
    });
  };

  return (
    <form
      onSubmit={(event) => {
        // Only the sections being sent must be valid (Save is enabled on them), not the whole form.
        event.preventDefault();
        if (canSave(state)) submit(form.getValues());
      }}
    >
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text size="sm">
            Case <b>{callDataInfo.case_id}</b> · Partner {callDataInfo.partner_name ?? 'NA'}
          </Text>
          <Switch
            checked={values.status === 'open'}
            onChange={(e) => form.setFieldValue('status', e.currentTarget.checked ? 'open' : 'closed')}
            label={values.status === 'open' ? 'Open' : 'Closed'}
            aria-label="Ticket status"
            data-testid="ticket-status"
          />
        </Group>

        <RadioRow label="Call to" value={String(party)} options={PARTIES} onChange={(v) => switchParty(v === '2' ? 2 : 1)} />

        <CallPanel
          party={party === 1 ? 'customer' : 'partner'}
          disabledReason={callDisabled}
          placing={connect.isPending}
          onCall={placeCall}
          call={placed}
        />

        <Divider />

        {party === 1 ? (
          <CustomerForm
            state={customer}
            onChange={setCustomer}
            noteError={form.errors['customer.notes']}
            advisor={advisor}
            onAdvisorChange={(next) => form.setFieldValue('advisor', next)}
            advisorNeeded={!values.assigned}
            slots={slots.data?.data ?? []}
            slotsLoading={slots.isPending}
            today={today}
            managerCode={code}
            caseId={callDataInfo.case_id}
          />
        ) : (
          <PartnerForm
            state={partner}
            onChange={setPartner}
            noteError={form.errors['partner.notes']}
            slots={slots.data?.data ?? []}
            slotsLoading={slots.isPending}
            today={today}
          />
        )}

        {message ? <ResultMessage message={message.text} onClose={() => (message.thenClose ? onClose() : setMessage(null))} /> : null}

        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={!canSave(state)} loading={save.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
