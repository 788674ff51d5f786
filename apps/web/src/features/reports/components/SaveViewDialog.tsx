import { useState } from 'react';
import { Button, Group, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useClipboard } from '@mantine/hooks';
import { CreateViewBody, VIEW_DESCRIPTION_MAX, VIEW_NAME_MAX, type SavedView } from '@dossier/shared';
import { useSaveView } from '../api/save-view';
import { FormActions } from '../../../components/form-actions/FormActions';
import type { ViewState } from './SaveViewButton';

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
 * The Save view dialog (docs/product/views.md, 'Saving a view'): the name, checked with the shared schema; once
 * saved, the link to copy for a colleague. `onSaved` lets the opener retitle the dialog.
 */
export function SaveViewDialog({ state, onSaved, onClose }: { state: ViewState; onSaved: () => void; onClose: () => void }) {
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

  // Validated by the schema already; parsing again applies its transforms (a trimmed name).
  const submit = form.onSubmit(({ name, description }) =>
    save.mutate(CreateViewBody.parse({ ...state, name, description }), {
      onSuccess: (view) => {
        setSaved(view);
        onSaved();
      },
    }),
  );

  return saved ? (
    <Stack gap="sm">
      <Text size="sm">
        Saved as <b>{saved.name}</b>. Find it under My views to share it with colleagues, or send the link: they see it within their own
        team.
      </Text>
      <CopyLink link={viewLink(saved.id)} />
      <Group justify="flex-end">
        <Button onClick={onClose}>Close</Button>
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
        <FormActions error={save.error} errorTitle="Not saved" submitLabel="Save" pending={save.isPending} onCancel={onClose} />
      </Stack>
    </form>
  );
}
