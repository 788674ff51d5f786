import { useEffect } from 'react';
import { Alert, Anchor, Loader, Group, Text } from '@mantine/core';
import { Link, useNavigate, useParams } from 'react-router';
import { Screen } from '../../../components/page/Screen';
import { errorText } from '../../../lib/error-message';
import { useView } from '../api/view';
import { applyViewFilters, viewAddress } from '../lib/view-address';

/**
 * /views/:id (docs/product/views.md, 'Opening a view'): loads the view, applies its filters and replaces itself
 * with the report's address, so Back does not return here; refusals are shown on this page.
 */
export default function OpenViewPage() {
  const { id = '' } = useParams();
  const view = useView(id);
  const navigate = useNavigate();
  const data = view.data;

  useEffect(() => {
    if (!data) return;
    applyViewFilters(data);
    void navigate(viewAddress(data), { replace: true });
  }, [data, navigate]);

  return (
    <Screen title="Saved view">
      {view.isError ? (
        <Alert color="red" variant="light" role="alert" title="This view cannot be opened">
          <Text size="sm">{errorText(view.error)}</Text>
          <Anchor component={Link} to="/views" size="sm" mt="xs" display="inline-block">
            Go to My views
          </Anchor>
        </Alert>
      ) : (
        <Group gap="sm" aria-busy="true">
          <Loader size="sm" />
          <Text size="sm">Opening the view…</Text>
        </Group>
      )}
    </Screen>
  );
}
