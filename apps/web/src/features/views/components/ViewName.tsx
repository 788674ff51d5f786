import type { ReactNode } from 'react';
import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { SavedView } from '@dossier/shared';
import { viewPath } from '../lib/view-address';

/** A view's name as the link that opens it, its description under it, then a line about it (saved when, shared by whom). */
export function ViewName({ view, children }: { view: SavedView; children: ReactNode }) {
  return (
    <>
      <Anchor component={Link} to={viewPath(view.id)} fw={600} size="sm">
        {view.name}
      </Anchor>
      {view.description ? (
        <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
          {view.description}
        </Text>
      ) : null}
      <Text size="xs" c="gray.7">
        {children}
      </Text>
    </>
  );
}
