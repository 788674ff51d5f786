import { designationHas } from '@dossier/shared';
import { Paper, Stack, Text, Title } from '@mantine/core';
import { Navigate } from 'react-router';
import { useMe } from '../../features/auth/api/me';
import { readStoredUser } from '../../lib/session';
import { usePageTitle } from '../../components/page/use-page-title';

/** Home (docs/product/shell.md, 'Routes'): a short welcome so the main area is not blank. */
export default function HomePage() {
  usePageTitle('Home');
  const { firstName } = readStoredUser();
  // Those who sell through partners start the day on their brief (docs/product/brief.md).
  const designation = useMe().data?.designation;
  if (designation !== undefined && designationHas(designation, 'brief-landing')) return <Navigate to="/brief" replace />;
  return (
    <Paper withBorder p="lg" radius="md" maw={640}>
      <Stack gap={6}>
        <Title order={1} size="h3">
          {firstName ? `Welcome, ${firstName}` : 'Welcome'}
        </Title>
        <Text size="sm" c="gray.7">
          Choose a dashboard or report from the side menu.
        </Text>
      </Stack>
    </Paper>
  );
}
