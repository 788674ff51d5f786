import { Alert, Button, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';

import { LoginRequest } from '@dossier/shared';
import { errorText } from '../../../lib/error-message';
import { saveSession } from '../../../lib/session';
import { useLogin } from '../api/login';
import { useStartupProgress } from '../api/server-readiness';

/**
 * Username and password checked against the shared schema first; a failed sign-in shows the server's text here.
 * On success the session is stored and the sign-in page moves on to `next`.
 */
export function SignInForm() {
  const queryClient = useQueryClient();
  const login = useLogin();
  const starting = useStartupProgress();
  const form = useForm({
    mode: 'controlled',
    initialValues: { username: '', password: '' },
    // The first message per field; it stays until the next try.
    validate: schemaResolver(LoginRequest, { sync: true }),
    clearInputErrorOnChange: false,
  });

  // Validated by the schema already; parsing again applies its transforms (a trimmed username).
  const onSubmit = form.onSubmit((values) => {
    login.mutate(LoginRequest.parse(values), {
      onSuccess: (response) => {
        // Nothing cached for a previous user may leak into this session.
        queryClient.removeQueries();
        saveSession(response);
      },
    });
  });

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
          {...form.getInputProps('username')}
        />
        <TextInput
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          {...form.getInputProps('password')}
        />
        <Button type="submit" fullWidth loading={login.isPending} disabled={starting !== null}>
          Sign in
        </Button>
      </Stack>
    </form>
  );
}
