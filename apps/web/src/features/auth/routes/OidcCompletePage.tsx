import { useEffect, useRef } from 'react';
import { Alert, Anchor, Loader, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { errorText } from '../../../lib/error-message';
import { sanitizeNext } from '../../../lib/next-path';
import { saveSession } from '../../../lib/session';
import { useOidcExchange } from '../api/oidc-exchange';
import { AuthFrame } from '../components/AuthFrame';

/**
 * /login/oidc#code=…: the end of a company sign-in. The one-time code (in the fragment, which no
 * server sees) is traded for a session, then the user goes where they were heading.
 */
export default function OidcCompletePage() {
  const exchange = useOidcExchange();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const code = new URLSearchParams(window.location.hash.slice(1)).get('code') ?? '';
    // The code is single-use: keep it out of the history.
    window.history.replaceState(null, '', window.location.pathname);
    exchange.mutate(code, {
      onSuccess: (response) => {
        queryClient.removeQueries();
        saveSession(response);
        void navigate(sanitizeNext(response.next), { replace: true });
      },
    });
  }, [exchange, navigate, queryClient]);

  return (
    <AuthFrame title="Signing you in">
      {exchange.isError ? (
        <Stack gap="sm">
          <Alert color="red" variant="light" role="alert" title="Sign-in failed">
            {errorText(exchange.error)}
          </Alert>
          <Anchor component={Link} to="/login">
            Back to sign-in
          </Anchor>
        </Stack>
      ) : (
        <Stack align="center" gap="xs">
          <Loader size="sm" />
          <Text size="sm">One moment…</Text>
        </Stack>
      )}
    </AuthFrame>
  );
}
