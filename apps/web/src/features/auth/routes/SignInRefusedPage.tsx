import { Alert, Button, Stack } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { OIDC_REFUSALS, OidcRefusalReason } from '@dossier/shared';
import { AuthFrame } from '../components/AuthFrame';

/** /login/refused?reason=…: why a company sign-in did not let the person in, in words they can act on. */
export default function SignInRefusedPage() {
  const [params] = useSearchParams();
  const reason = OidcRefusalReason.safeParse(params.get('reason'));
  const message = OIDC_REFUSALS[reason.success ? reason.data : 'failed'];
  return (
    <AuthFrame title="You could not be signed in">
      <Stack gap="md">
        <Alert color="red" variant="light" role="alert">
          {message}
        </Alert>
        <Button component={Link} to="/login" variant="default" fullWidth>
          Back to sign-in
        </Button>
      </Stack>
    </AuthFrame>
  );
}
