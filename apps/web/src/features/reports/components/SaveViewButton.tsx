import { useState } from 'react';
import { Button, Group, Modal, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useClipboard } from '@mantine/hooks';
import { CreateViewBody, VIEW_DESCRIPTION_MAX, VIEW_NAME_MAX, type CreateViewInput, type SavedView } from '@dossier/shared';
import { useSaveView } from '../api/save-view';
import type { AppliedFilters, ReportQueryState } from '../lib/query-params';
import { FormActions } from '../../../components/form-actions/FormActions';

/** What the screen shows, as a saved view carries it (all but the name). */
type ViewState = Omit<CreateViewInput, 'name' | 'description'>;

/**
 * The view of a report screen: its page and drilled account, the period only when the address gave it (else
 * each report keeps its own default), the products, and the saved filters that shape its figures.
 */
export function viewState(
  screen: ViewState['screen'],
  reportId: number,
  accountId: string | undefined,
  query: Pick<ReportQueryState, 'start_date' | 'end_date' | 'explicitDates' | 'product_type_id'>,
  filters: AppliedFilters,
): ViewState {
  return {
    screen,
    report_id: reportId,
    account_id: accountId ?? null,
    start_date: query.explicitDates ? query.start_date : null,
    end_date: query.explicitDates ? query.end_date : null,
    product_type_id: [...query.product_type_id],
    insurers: [...filters.insurers],
    states: [...filters.states],
    business_type: [...filters.business_type],
  };
}

/** The address that opens a saved view for anyone signed in (docs/product/views.md, 'Opening a view'). */
const viewLink = (id: string) => `${window.location.origin}/views/${id}`;

/** 'Copy link' with a short confirmation; where the clipboard is refused, the link is shown to copy by hand. */
function CopyLink({ link }: { link: string }) {
  const clipboard = useClipboard({ timeout: 2500 });
  return (
    <Stack gap={6}>
      <TextInput label="Link to this view" value={link} readOnly onFocus={(e) => e.currentTarget.select()} />
      <Group gap="sm">
        <Button variant="light" onClick={() => clipboard.copy(link)}>
          Copy link
        </Button>
        <Text size="sm" c={clipboard.error ? 'red.9' : 'teal.9'} role="status" aria-live="polite">
          {clipboard.copied ? 'Link copied' : clipboard.error ? 'The browser refused the clipboard: copy the link above.' : ''}
        </Text>
      </Group>
    </Stack>
  );
}

const checkView = schemaResolver(CreateViewBody, { sync: true });

/**
 * 'Save view' on a report screen (docs/product/views.md, 'Saving a view'): a dialog asks for the name, checked
 * with the shared schema; once saved, it offers the link to copy for a colleague.
 */
export function SaveViewButton({ state, disabled }: { state: ViewState; disabled?: boolean }) {
  const [opened, setOpened] = useState(false);
  const [saved, setSaved] = useState<SavedView | null>(null);
  const save = useSaveView();
  const form = useForm({
    mode: 'controlled',
    initialValues: { name: '', description: '' },
    // The name and description are checked with the screen's state, as they are saved; a message about the
    // state (none is expected) shows under the name, as the dialog has no input for it.
    validate: ({ name, description }) => {
      const { name: nameError, description: descriptionError, ...others } = checkView({ ...state, name, description });
      const message = nameError ?? Object.values(others)[0];
      return { ...(message ? { name: message } : {}), ...(descriptionError ? { description: descriptionError } : {}) };
    },
  });

  const open = () => {
    form.reset();
    setSaved(null);
    save.reset();
    setOpened(true);
  };

  // Validated by the schema already; parsing again applies its transforms (a trimmed name).
  const submit = form.onSubmit(({ name, description }) =>
    save.mutate(CreateViewBody.parse({ ...state, name, description }), { onSuccess: setSaved }),
  );

  return (
    <>
      <Button variant="default" size="xs" onClick={open} disabled={disabled}>
        Save view
      </Button>
      <Modal
        opened={opened}
        onClose={() => setOpened(false)}
        title={saved ? 'View saved' : 'Save view'}
        size={440}
        closeButtonProps={{ 'aria-label': 'Close dialog' }}
      >
        {saved ? (
          <Stack gap="sm">
            <Text size="sm">
              Saved as <b>{saved.name}</b>. Find it under My views to share it with colleagues, or send the link: they see it within their
              own team.
            </Text>
            <CopyLink link={viewLink(saved.id)} />
            <Group justify="flex-end">
              <Button onClick={() => setOpened(false)}>Close</Button>
            </Group>
          </Stack>
        ) : (
          <form onSubmit={submit} noValidate>
            <Stack gap="sm">
              <Text size="sm">This page with its account, period and filters, under a name of your choice.</Text>
              <TextInput label="Name" required data-autofocus maxLength={VIEW_NAME_MAX + 20} {...form.getInputProps('name')} />
              <Textarea
                label="Description"
                description={`Optional, at most ${VIEW_DESCRIPTION_MAX} characters: what the view is for`}
                autosize
                minRows={2}
                maxRows={5}
                maxLength={VIEW_DESCRIPTION_MAX + 20}
                {...form.getInputProps('description')}
              />
              <FormActions
                error={save.error}
                errorTitle="Not saved"
                submitLabel="Save"
                pending={save.isPending}
                onCancel={() => setOpened(false)}
              />
            </Stack>
          </form>
        )}
      </Modal>
    </>
  );
}
