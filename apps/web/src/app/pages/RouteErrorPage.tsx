import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { usePageTitle } from '../../components/page/use-page-title';

/** Shown by the error boundary: what failed, and a reload that fetches the current version. */
export default function RouteErrorPage({ error }: { error: Error }) {
  usePageTitle('Something went wrong');
  return (
    <Center component="main" mih="60dvh" p="md">
      <Stack align="center" gap="sm" maw={420}>
        <Title order={1} size="h3">
          Something went wrong
        </Title>
        <Text size="sm" c="gray.7" ta="center">
          {error.message}
        </Text>
        <Button onClick={() => window.location.reload()}>Reload</Button>
      </Stack>
    </Center>
  );
}
