import { Checkbox, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { UserCreate, type AdminUser } from '@dossier/shared';
import { FormActions } from '../../../components/form-actions/FormActions';
import { useCreateUser } from '../api/users';

/** A user for an employee: login, access flags, admin flag, and optionally a mailed password link. */
export function UserCreateDialog({
  employeeCode,
  onClose,
  onSaved,
}: {
  employeeCode: string;
  onClose: () => void;
  onSaved: (user: AdminUser) => void;
}) {
  const create = useCreateUser();
  const form = useForm({
    mode: 'controlled',
    initialValues: {
      employee_code: employeeCode,
      login: '',
      is_admin: false,
      email_report_access: true,
      download_report_access: true,
      send_password_link: true,
    },
    // The first message per field; it stays until the next try.
    validate: schemaResolver(UserCreate, { sync: true }),
    clearInputErrorOnChange: false,
  });

  // Validated by the schema already; parsing again applies its transforms (trimmed code and login).
  const onSubmit = form.onSubmit((values) => create.mutate(UserCreate.parse(values), { onSuccess: onSaved }));
  const flag = (key: 'is_admin' | 'email_report_access' | 'download_report_access' | 'send_password_link', label: string) => (
    <Checkbox label={label} {...form.getInputProps(key, { type: 'checkbox' })} />
  );

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm">
        <TextInput label="Employee code" required {...form.getInputProps('employee_code')} />
        <TextInput
          label="Login"
          required
          description="Letters, digits, dots, dashes, underscores or @"
          autoCapitalize="none"
          {...form.getInputProps('login')}
        />
        {flag('email_report_access', 'May email reports')}
        {flag('download_report_access', 'May download reports')}
        {flag('is_admin', 'Administrator')}
        {flag('send_password_link', 'Mail a link to set a password')}
        <FormActions error={create.error} submitLabel="Add user" pending={create.isPending} onCancel={onClose} />
      </Stack>
    </form>
  );
}
