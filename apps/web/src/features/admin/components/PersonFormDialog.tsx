import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, Modal, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { PersonCreate, PersonUpdate, type PersonDetail } from '@dossier/shared';
import { errorText } from '../../../lib/error-message';
import { useAdminOptions, useCreatePerson, useUpdatePerson } from '../api/people';
import { fieldErrors } from './field-errors';
import { ManagerInput } from './ManagerInput';

interface Props {
  opened: boolean;
  onClose: () => void;
  /** Absent: a new employee. */
  person?: PersonDetail['person'];
  onSaved: (detail: PersonDetail) => void;
}

type Fields = Record<'code' | 'name' | 'email' | 'phone' | 'emp_role' | 'designation' | 'zone_id' | 'pincode' | 'manager_code', string>;

const initial = (p?: PersonDetail['person']): Fields => ({
  code: p?.code ?? '',
  name: p?.name ?? '',
  email: p?.email ?? '',
  phone: p?.phone ?? '',
  emp_role: p?.emp_role ?? '',
  designation: p?.designation ?? '',
  zone_id: p?.zone_id == null ? '' : String(p.zone_id),
  pincode: p?.pincode ?? '',
  manager_code: p?.manager_code ?? '',
});

/** Create or edit an employee; a different manager moves them with their whole team. */
export function PersonFormDialog({ opened, onClose, person, onSaved }: Props) {
  const options = useAdminOptions();
  const create = useCreatePerson();
  const update = useUpdatePerson(person?.code ?? '');
  const mutation = person ? update : create;
  const [fields, setFields] = useState<Fields>(() => initial(person));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (key: keyof Fields) => (value: string) => setFields((f) => ({ ...f, [key]: value }));

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const values = {
      name: fields.name,
      email: fields.email,
      phone: fields.phone,
      emp_role: fields.emp_role,
      designation: fields.designation,
      zone_id: fields.zone_id === '' ? null : Number(fields.zone_id),
      pincode: fields.pincode.trim() === '' ? null : fields.pincode,
      manager_code: fields.manager_code.trim() === '' ? null : fields.manager_code.trim(),
    };
    if (person) {
      const before = initial(person);
      // Only what changed is sent (and audited).
      const changed = Object.fromEntries(Object.entries(values).filter(([k]) => fields[k as keyof Fields] !== before[k as keyof Fields]));
      const parsed = PersonUpdate.safeParse(changed);
      if (!parsed.success) return setErrors(fieldErrors(parsed.error));
      setErrors({});
      update.mutate(parsed.data, { onSuccess: onSaved });
    } else {
      const parsed = PersonCreate.safeParse({ ...values, code: fields.code });
      if (!parsed.success) return setErrors(fieldErrors(parsed.error));
      setErrors({});
      create.mutate(parsed.data, { onSuccess: onSaved });
    }
  }

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={person ? `Edit ${person.name}` : 'Add employee'}
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          {mutation.isError ? (
            <Alert color="red" variant="light" role="alert">
              {errorText(mutation.error)}
            </Alert>
          ) : null}
          {errors._ ? (
            <Alert color="red" variant="light" role="alert">
              {errors._}
            </Alert>
          ) : null}
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            {person ? null : (
              <TextInput
                label="Code"
                required
                value={fields.code}
                onChange={(e) => set('code')(e.currentTarget.value)}
                error={errors.code}
              />
            )}
            <TextInput label="Name" required value={fields.name} onChange={(e) => set('name')(e.currentTarget.value)} error={errors.name} />
            <TextInput
              label="Email"
              required
              type="email"
              value={fields.email}
              onChange={(e) => set('email')(e.currentTarget.value)}
              error={errors.email}
            />
            <TextInput
              label="Phone"
              required
              value={fields.phone}
              onChange={(e) => set('phone')(e.currentTarget.value)}
              error={errors.phone}
            />
            <Select
              label="Role (emp_role)"
              required
              data={options.data?.emp_roles ?? []}
              value={fields.emp_role || null}
              onChange={(v) => set('emp_role')(v ?? '')}
              error={errors.emp_role}
            />
            <Select
              label="Designation"
              required
              data={options.data?.designations ?? []}
              value={fields.designation || null}
              onChange={(v) => set('designation')(v ?? '')}
              error={errors.designation}
            />
            <Select
              label="Zone"
              clearable
              data={(options.data?.zones ?? []).map((z) => ({ value: String(z.id), label: z.name }))}
              value={fields.zone_id || null}
              onChange={(v) => set('zone_id')(v ?? '')}
              error={errors.zone_id}
            />
            <TextInput
              label="Pincode"
              value={fields.pincode}
              onChange={(e) => set('pincode')(e.currentTarget.value)}
              error={errors.pincode}
            />
          </SimpleGrid>
          <ManagerInput value={fields.manager_code} onChange={set('manager_code')} error={errors.manager_code} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={mutation.isPending}>
              {person ? 'Save' : 'Add employee'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
