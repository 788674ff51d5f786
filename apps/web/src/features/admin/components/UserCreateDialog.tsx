import { useState, type FormEvent } from 'react';
import { Alert, Button, Checkbox, Group, Modal, Stack, TextInput } from '@mantine/core';
import { UserCreate, type AdminUser } from '@dossier/shared';
import { errorText } from '../../../lib/error-message';
import { useCreateUser } from '../api/users';
import { fieldErrors } from './field-errors';

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
  const [code, setCode] = useState(employeeCode);
  const [login, setLogin] = useState('');
  const [flags, setFlags] = useState({
    is_admin: false,
    email_report_access: true,
    download_report_access: true,
    send_password_link: true,
  });
  const [errors, setErrors] = useState<Record<string, string>>({});

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = UserCreate.safeParse({ employee_code: code, login, ...flags });
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    setErrors({});
    create.mutate(parsed.data, { onSuccess: onSaved });
  }
  const flag = (key: keyof typeof flags, label: string) => (
    <Checkbox label={label} checked={flags[key]} onChange={(e) => setFlags((f) => ({ ...f, [key]: e.currentTarget.checked }))} />
  );

  return (
    <Modal opened onClose={onClose} title="Add user" closeButtonProps={{ 'aria-label': 'Close' }}>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          {create.isError ? (
            <Alert color="red" variant="light" role="alert">
              {errorText(create.error)}
            </Alert>
          ) : null}
          <TextInput
            label="Employee code"
            required
            value={code}
            onChange={(e) => setCode(e.currentTarget.value)}
            error={errors.employee_code}
          />
          <TextInput
            label="Login"
            required
            description="Letters, digits, dots, dashes, underscores or @"
            value={login}
            onChange={(e) => setLogin(e.currentTarget.value)}
            error={errors.login}
            autoCapitalize="none"
          />
          {flag('email_report_access', 'May email reports')}
          {flag('download_report_access', 'May download reports')}
          {flag('is_admin', 'Administrator')}
          {flag('send_password_link', 'Mail a link to set a password')}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending}>
              Add user
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
