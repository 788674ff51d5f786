import { Alert, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { PersonCreate, PersonUpdate, roleName, type PersonDetail } from '@dossier/shared';
import { FormActions } from '../../../components/form-actions/FormActions';
import { useAdminOptions, useCreatePerson, useUpdatePerson } from '../api/people';
import { ManagerInput } from './ManagerInput';

interface Props {
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

/** The inputs as the request: blank optional fields are null; editing sends only what changed (and is audited). */
function requestBody(fields: Fields, person?: PersonDetail['person']): Record<string, unknown> {
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
  if (!person) return { ...values, code: fields.code };
  const before = initial(person);
  return Object.fromEntries(Object.entries(values).filter(([k]) => fields[k as keyof Fields] !== before[k as keyof Fields]));
}

/** A list of role or designation codes as the choices of a select: the name shown, the code sent. */
const named = (codes: readonly string[] | undefined) => (codes ?? []).map((code) => ({ value: code, label: roleName(code) }));

const checkCreate = schemaResolver(PersonCreate, { sync: true });
const checkUpdate = schemaResolver(PersonUpdate, { sync: true });

/** Create or edit an employee; a different manager moves them with their whole team. */
export function PersonFormDialog({ onClose, person, onSaved }: Props) {
  const options = useAdminOptions();
  const create = useCreatePerson();
  const update = useUpdatePerson(person?.code ?? '');
  const mutation = person ? update : create;
  const form = useForm<Fields>({
    mode: 'controlled',
    initialValues: initial(person),
    // The first message per field, checked on the request itself; one about the whole form ('Nothing to
    // change') has the empty path and shows above the fields. Messages stay until the next try.
    validate: (fields) => (person ? checkUpdate : checkCreate)(requestBody(fields, person)),
    clearInputErrorOnChange: false,
  });
  const values = form.getValues();
  // Validated by the schema already; parsing again applies its transforms and defaults.
  const onSubmit = form.onSubmit((fields) => {
    const body = requestBody(fields, person);
    if (person) update.mutate(PersonUpdate.parse(body), { onSuccess: onSaved });
    else create.mutate(PersonCreate.parse(body), { onSuccess: onSaved });
  });
  /** A select holds '' for none, as the text inputs do. */
  const select = (key: 'emp_role' | 'designation' | 'zone_id') => ({
    value: values[key] || null,
    onChange: (v: string | null) => form.setFieldValue(key, v ?? ''),
    error: form.errors[key],
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm">
        {form.errors[''] ? (
          <Alert color="red" variant="light" role="alert">
            {form.errors['']}
          </Alert>
        ) : null}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          {person ? null : <TextInput label="Code" required {...form.getInputProps('code')} />}
          <TextInput label="Name" required {...form.getInputProps('name')} />
          <TextInput label="Email" required type="email" {...form.getInputProps('email')} />
          <TextInput label="Phone" required {...form.getInputProps('phone')} />
          <Select label="Role" required data={named(options.data?.emp_roles)} {...select('emp_role')} />
          <Select label="Designation" required data={named(options.data?.designations)} {...select('designation')} />
          <Select
            label="Zone"
            clearable
            data={(options.data?.zones ?? []).map((z) => ({ value: String(z.id), label: z.name }))}
            {...select('zone_id')}
          />
          <TextInput label="Pincode" {...form.getInputProps('pincode')} />
        </SimpleGrid>
        <ManagerInput
          value={values.manager_code}
          onChange={(code) => form.setFieldValue('manager_code', code)}
          error={form.errors.manager_code}
        />
        <FormActions
          error={mutation.error}
          submitLabel={person ? 'Save' : 'Add employee'}
          pending={mutation.isPending}
          onCancel={onClose}
        />
      </Stack>
    </form>
  );
}
