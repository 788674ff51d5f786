import { Center, Paper, Stack, Text, Title } from '@mantine/core';
import { Navigate, useSearchParams } from 'react-router';
import { sanitizeNext } from '../../../lib/next-path';
import { useLoggedIn } from '../../../lib/session';
import { SignInForm } from '../components/SignInForm';

/** Our own sign-in page (/login). Once a usable token exists it leaves for the sanitised `next`. */
export default function LoginPage() {
  const loggedIn = useLoggedIn();
  const [params] = useSearchParams();
  const next = sanitizeNext(params.get('next'));
  if (loggedIn) return <Navigate to={next} replace />;

  return (
    <Center component="main" mih="100dvh" p="md" bg="gray.0">
      <Paper withBorder shadow="sm" radius="md" p="xl" w="100%" maw={380}>
        <Stack gap="lg">
          <Stack gap={4}>
            <Text fw={800} size="xl" c="indigo.8" style={{ letterSpacing: '-0.02em' }}>
              Dossier
            </Text>
            <Title order={1} size="h3">
              Sign in
            </Title>
            <Text size="sm" c="gray.7">
              Sales and partner reporting portal
            </Text>
          </Stack>
          <SignInForm />
        </Stack>
      </Paper>
    </Center>
  );
}
