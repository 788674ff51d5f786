import { useEffect, useRef, useState } from 'react';
import { Button, Divider, Group, Modal, Radio, Stack, Switch, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import {
  ACTIVE_CALL_STATUSES,
  CUSTOMER_CHOICE_SCHEDULE,
  MESSAGE_MS,
  PARTNER_CHOICE_CALL_BACK,
  REMARK_MESSAGE_MS,
  type CallRecord,
  type CaseStatus,
} from '@dossier/shared';
import { useIsMobile } from '../../../../lib/media';
import { readStoredUser } from '../../../../lib/session';
import { useAssignNewPartner } from '../../api/assign-new-partner';
import { useBookCustomerSlot } from '../../api/book-customer-slot';
import { useCallDetails } from '../../api/call-details';
import { useCallToConnect } from '../../api/call-to-connect';
import { callCentreKeys } from '../../api/keys';
import { useSlots } from '../../api/slots';
import { useUpdateRemarks } from '../../api/update-remarks';
import { useUpdateStatus } from '../../api/update-status';
import { kolkataToday as todayIso } from '../../../../lib/format';
import { CONNECT_DIALOG_INNER, connectDialogContent } from '../../lib/dialog-sizes';
import { meetingDate } from '../../lib/meeting-date';
import { canSave, sectionsToSend } from '../../lib/save-rules';
import { CallPanel } from './CallPanel';
import {
  advisorValid,
  customerValid,
  initialAdvisor,
  INITIAL_CUSTOMER,
  INITIAL_PARTNER,
  partnerValid,
  type AdvisorState,
  type CustomerFormState,
  type PartnerFormState,
} from './connect-state';
import { CustomerForm } from './CustomerForm';
import { PartnerForm } from './PartnerForm';
import { ResultMessage } from './ResultMessage';

interface Props {
  /** The dashboard's class name, set on the dialog (docs/product/callcentre.md, 'Connect-call dialog'). */
  className: string;
  callDataInfo: CallRecord;
  trmDash: boolean;
  onClose: () => void;
}

interface Message {
  text: string;
  ms: number;
  /** Close the dialog when the message goes (after a reassignment). */
  thenClose?: boolean;
}

/** Type 2 dialog: place a bridged call, record the outcome, schedule, reassign, open/close the ticket. */
export function ConnectCallDialog({ className, callDataInfo, trmDash, onClose }: Props) {
  const mobile = useIsMobile();
  const qc = useQueryClient();
  const { code } = readStoredUser();
  const today = todayIso();
  const [party, setParty] = useState<1 | 2>(1);
  const [customer, setCustomer] = useState<CustomerFormState>(INITIAL_CUSTOMER);
  const [partner, setPartner] = useState<PartnerFormState>(INITIAL_PARTNER);
  const [advisor, setAdvisor] = useState<AdvisorState>(() => initialAdvisor(callDataInfo.pin));
  const [assigned, setAssigned] = useState(false);
  const [status, setStatus] = useState<CaseStatus>(callDataInfo.status);
  const [placedCallId, setPlacedCallId] = useState<number | null>(null);
  const [message, setMessage] = useState<Message | null>(null);
  const [saving, setSaving] = useState(false);
  const closeRef = useRef(onClose);
  useEffect(() => {
    closeRef.current = onClose;
  });

  const details = useCallDetails(callDataInfo.case_id);
  const connect = useCallToConnect();
  const remarks = useUpdateRemarks();
  const book = useBookCustomerSlot();
  const assign = useAssignNewPartner();
  const updateStatus = useUpdateStatus();

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
  const placed = placedCallId === null ? null : (calls.find((c) => c.call_id === placedCallId) ?? null);
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
    statusToggled: status !== callDataInfo.status,
    customer: { touched: party === 1 && customer.touched, valid: customerValid(customer, today) },
    partner: { touched: party === 2 && partner.touched, valid: partnerValid(partner) },
    newPartner: { touched: party === 1 && advisor.touched && !assigned, valid: advisorValid(advisor) },
  };

  /** Switching between customer and partner resets both forms and closes the call section. */
  const switchParty = (next: 1 | 2) => {
    setParty(next);
    setCustomer(INITIAL_CUSTOMER);
    setPartner(INITIAL_PARTNER);
    setAdvisor(initialAdvisor(callDataInfo.pin));
    setPlacedCallId(null);
  };

  const placeCall = () => {
    const toUser = party === 1 ? callDataInfo.customer_id : callDataInfo.partner_id;
    if (toUser === null) return;
    connect.mutate(
      { is_customer: party === 1, case_id: callDataInfo.case_id, to_user_id: toUser, trm_id: code },
      {
        onSuccess: (res) => {
          setPlacedCallId(res.call.call_id);
          setMessage({ text: res.message, ms: MESSAGE_MS });
        },
      },
    );
  };

  const slotLabel = (slotId: number | null) => slots.data?.data.find((s) => s.slot_id === slotId)?.slot ?? null;

  const bookSlot = async (slotId: number | null, date: string): Promise<string | null> => {
    const label = slotLabel(slotId);
    if (slotId === null || label === null || callDataInfo.partner_id === null) return null;
    const res = await book.mutateAsync({
      customer_id: callDataInfo.customer_id,
      partner_id: callDataInfo.partner_id,
      product_code: callDataInfo.product_code,
      case_id: callDataInfo.case_id,
      slot_id: slotId,
      start_end_time: label,
      date,
    });
    return res.message;
  };

  /** Sends each touched, valid section in turn; failures show the error dialog and stop there. */
  const save = async () => {
    setSaving(true);
    try {
      let text: string | null = null;
      let ms = MESSAGE_MS;
      let thenClose = false;
      for (const section of sectionsToSend(state)) {
        if (section === 'customer') {
          const res = await remarks.mutateAsync({
            case_id: callDataInfo.case_id,
            remark: customer.choice,
            is_connected: customer.connected,
            notes: customer.notes,
            is_customer: true,
          });
          const booked = customer.choice === CUSTOMER_CHOICE_SCHEDULE ? await bookSlot(customer.slotId, scheduleDate) : null;
          text = booked ? `${res.message}. ${booked}` : res.message;
          ms = REMARK_MESSAGE_MS;
          // After a successful remark save the form resets and the call section closes.
          setCustomer(INITIAL_CUSTOMER);
          setPlacedCallId(null);
        } else if (section === 'newPartner' && advisor.chosen) {
          const res = await assign.mutateAsync({ case_id: callDataInfo.case_id, new_partner_username: advisor.chosen });
          setAssigned(true);
          setAdvisor(initialAdvisor(callDataInfo.pin));
          text = text ? `${text}. ${res.message}` : res.message;
          ms = MESSAGE_MS;
          thenClose = true;
        } else if (section === 'partner') {
          const reason = partner.notConnected ? partner.reason : null;
          const choice = partner.notConnected && partner.reason === 1 ? partner.choice : null;
          const res = await remarks.mutateAsync({
            case_id: callDataInfo.case_id,
            remark: choice,
            is_connected: !partner.notConnected,
            notes: partner.notes,
            reason,
            is_customer: false,
          });
          const booked = choice === PARTNER_CHOICE_CALL_BACK ? await bookSlot(partner.slotId, today) : null;
          text = booked ? `${res.message}. ${booked}` : res.message;
          ms = REMARK_MESSAGE_MS;
          setPartner(INITIAL_PARTNER);
          setPlacedCallId(null);
        } else if (section === 'status') {
          // The status goes last; on any response the dialog closes.
          await updateStatus.mutateAsync({ case_id: callDataInfo.case_id, status }).catch(() => undefined);
          await qc.invalidateQueries({ queryKey: callCentreKeys.all });
          onClose();
          return;
        }
      }
      await qc.invalidateQueries({ queryKey: callCentreKeys.all });
      if (text) setMessage({ text, ms, thenClose });
    } catch {
      // Unsuccessful flows inside the dialog do nothing more (the error dialog has shown the reason).
      await qc.invalidateQueries({ queryKey: callCentreKeys.all });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      opened
      onClose={onClose}
      title="Meeting Details:"
      className={className}
      yOffset="5vh"
      size="auto"
      closeButtonProps={{ 'aria-label': 'Close' }}
      styles={{ content: connectDialogContent(mobile), inner: CONNECT_DIALOG_INNER }}
      data-trm-dash={trmDash || undefined}
    >
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text size="sm">
            Case <b>{callDataInfo.case_id}</b> · Partner {callDataInfo.partner_name ?? 'NA'}
          </Text>
          <Switch
            checked={status === 'open'}
            onChange={(e) => setStatus(e.currentTarget.checked ? 'open' : 'closed')}
            label={status === 'open' ? 'Open' : 'Closed'}
            aria-label="Ticket status"
            data-testid="ticket-status"
          />
        </Group>

        <Radio.Group label="Call to" value={String(party)} onChange={(v) => switchParty(v === '2' ? 2 : 1)}>
          <Group mt={4}>
            <Radio value="1" label="Customer" />
            <Radio value="2" label="Partner" />
          </Group>
        </Radio.Group>

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
            advisor={advisor}
            onAdvisorChange={setAdvisor}
            advisorNeeded={!assigned}
            slots={slots.data?.data ?? []}
            slotsLoading={slots.isPending}
            today={today}
            managerCode={code}
            caseId={callDataInfo.case_id}
          />
        ) : (
          <PartnerForm state={partner} onChange={setPartner} slots={slots.data?.data ?? []} slotsLoading={slots.isPending} today={today} />
        )}

        {message ? <ResultMessage message={message.text} onClose={() => (message.thenClose ? onClose() : setMessage(null))} /> : null}

        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={() => void save()} disabled={!canSave(state)} loading={saving}>
            Save
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
