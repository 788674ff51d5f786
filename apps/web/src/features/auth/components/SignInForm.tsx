import { useState, type FormEvent } from 'react';
import { Alert, Button, Stack, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { LoginRequest } from '@dossier/shared';
import { errorText } from '../../../lib/error-message';
import { saveSession } from '../../../lib/session';
import { useLogin } from '../api/login';
import { useStartupProgress } from '../api/server-readiness';

type FieldErrors = Partial<Record<'username' | 'password', string>>;

/**
 * Username and password checked against the shared schema before the call; a failed sign-in
 * stays here and shows the server's text (wrong password, rate limit). On success the session is
 * stored and the sign-in page (watching the session) moves on to `next`.
 */
export function SignInForm() {
  const queryClient = useQueryClient();
  const login = useLogin();
  const starting = useStartupProgress();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = LoginRequest.safeParse({ username, password });
    if (!parsed.success) {
      const errors: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if ((field === 'username' || field === 'password') && !errors[field]) errors[field] = issue.message;
      }
      setFieldErrors(errors);
      return;
    }
    setFieldErrors({});
    login.mutate(parsed.data, {
      onSuccess: (response) => {
        // Nothing cached for a previous user may leak into this session.
        queryClient.removeQueries();
        saveSession(response);
      },
    });
  }

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        {starting ? (
          <Alert color="indigo" variant="light" role="status" aria-live="polite" title="Dossier is starting">
            {starting}
          </Alert>
        ) : null}
        {login.isError && !starting ? (
          <Alert color="red" variant="light" role="alert" title="Sign-in failed">
            {errorText(login.error)}
          </Alert>
        ) : null}
        <TextInput
          label="Username"
          name="username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          required
          value={username}
          onChange={(event) => setUsername(event.currentTarget.value)}
          error={fieldErrors.username}
        />
        <TextInput
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(event) => setPassword(event.currentTarget.value)}
          error={fieldErrors.password}
        />
        <Button type="submit" fullWidth loading={login.isPending} disabled={starting !== null}>
          Sign in
        </Button>
      </Stack>
    </form>
  );
}
