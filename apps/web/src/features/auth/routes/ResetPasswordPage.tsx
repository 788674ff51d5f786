import { useState, type FormEvent } from 'react';
import { Alert, Button, PasswordInput, Stack, Text } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { PASSWORD_MIN_LENGTH, PasswordResetBody } from '@dossier/shared';
import { errorText } from '../../../lib/error-message';
import { usePasswordReset } from '../api/password-reset';
import { AuthFrame } from '../components/AuthFrame';

/** /reset-password?token=…: the page a one-time password link opens. */
export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const reset = usePasswordReset();
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [error, setError] = useState<string | null>(null);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (password !== repeat) return setError('The two passwords differ');
    const parsed = PasswordResetBody.safeParse({ token, password });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Invalid password');
    setError(null);
    reset.mutate(parsed.data);
  }

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
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            error={error}
          />
          <PasswordInput
            label="Repeat the password"
            autoComplete="new-password"
            value={repeat}
            onChange={(e) => setRepeat(e.currentTarget.value)}
          />
          <Button type="submit" fullWidth loading={reset.isPending}>
            Set password
          </Button>
        </Stack>
      </form>
    </AuthFrame>
  );
}
