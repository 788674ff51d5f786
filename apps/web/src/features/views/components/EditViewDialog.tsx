import { Stack, TextInput, Textarea } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { RenameViewBody, VIEW_DESCRIPTION_MAX, VIEW_NAME_MAX, type SavedView } from '@dossier/shared';
import { FormActions } from '../../../components/form-actions/FormActions';
import { useEditView } from '../api/edit-view';

/** Editing a view's name and description: checked with the shared schema, a refusal (a name already used) shown in the dialog. */
export function EditViewDialog({ view, onClose }: { view: SavedView; onClose: () => void }) {
  const edit = useEditView();
  const form = useForm({
    mode: 'controlled',
    initialValues: { name: view.name, description: view.description ?? '' },
    validate: schemaResolver(RenameViewBody, { sync: true }),
  });
  // Validated by the schema already; parsing again applies its transforms (trimmed, a blank description as none).
  const submit = form.onSubmit((values) => edit.mutate({ id: view.id, body: RenameViewBody.parse(values) }, { onSuccess: onClose }));
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput label="Name" required data-autofocus maxLength={VIEW_NAME_MAX + 20} {...form.getInputProps('name')} />
        <Textarea
          label="Description"
          description={`Optional, at most ${VIEW_DESCRIPTION_MAX} characters`}
          autosize
          minRows={2}
          maxRows={6}
          maxLength={VIEW_DESCRIPTION_MAX + 20}
          {...form.getInputProps('description')}
        />
        <FormActions error={edit.error} errorTitle="Not saved" submitLabel="Save" pending={edit.isPending} onCancel={onClose} />
      </Stack>
    </form>
  );
}
