import { Alert, Button, PasswordInput, Stack, Text } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { Link, useSearchParams } from 'react-router';
import { PASSWORD_MIN_LENGTH, PasswordResetBody } from '@dossier/shared';
import { errorText } from '../../../lib/error-message';
import { usePasswordReset } from '../api/password-reset';
import { AuthFrame } from '../components/AuthFrame';

const checkReset = schemaResolver(PasswordResetBody, { sync: true });

/** /reset-password?token=…: the page a one-time password link opens. */
export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const reset = usePasswordReset();
  const form = useForm({
    mode: 'controlled',
    initialValues: { password: '', repeat: '' },
    // One message, under the new password: the two must match before the schema is asked; a bad link (the
    // token's message) shows there too, as nothing else on the page could carry it.
    validate: ({ password, repeat }) => {
      if (password !== repeat) return { password: 'The two passwords differ' };
      const first = Object.values(checkReset({ token, password }))[0];
      return first ? { password: first } : {};
    },
    // The message stays until the next try.
    clearInputErrorOnChange: false,
  });

  const onSubmit = form.onSubmit(({ password }) => reset.mutate(PasswordResetBody.parse({ token, password })));

  if (reset.isSuccess) {
    return (
      <AuthFrame title="Password set">
        <Text size="sm">Your password is set. Every earlier session of yours has ended.</Text>
        <Button component={Link} to="/login" fullWidth>
          Sign in
        </Button>
      </AuthFrame>
    );
  }
  return (
    <AuthFrame title="Set your password">
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          {reset.isError ? (
            <Alert color="red" variant="light" role="alert">
              {errorText(reset.error)}
            </Alert>
          ) : null}
          <PasswordInput
            label="New password"
            description={`At least ${PASSWORD_MIN_LENGTH} characters`}
            autoComplete="new-password"
            {...form.getInputProps('password')}
          />
          <PasswordInput label="Repeat the password" autoComplete="new-password" {...form.getInputProps('repeat')} />
          <Button type="submit" fullWidth loading={reset.isPending}>
            Set password
          </Button>
        </Stack>
      </form>
    </AuthFrame>
  );
}
