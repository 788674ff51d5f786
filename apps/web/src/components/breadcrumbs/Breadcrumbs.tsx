import { Anchor, Breadcrumbs as MantineBreadcrumbs, Text } from '@mantine/core';
import { Link } from 'react-router';

export interface BreadcrumbItem {
  label: string;
  /** Earlier items link back; the last one is plain text (docs/product/report-screens.md, 'Breadcrumbs'). */
  href?: string;
}

/** A trail of links ending in plain text; renders nothing for an empty trail. */
export function Breadcrumbs({ items }: { items: readonly BreadcrumbItem[] }) {
  if (items.length === 0) return null;
  return (
    <nav aria-label="Breadcrumb">
      <MantineBreadcrumbs separator="›" separatorMargin={6} style={{ flexWrap: 'wrap', rowGap: 4 }}>
        {items.map((item, index) =>
          index < items.length - 1 && item.href ? (
            <Anchor key={`${item.label}-${index}`} component={Link} to={item.href} size="sm">
              {item.label}
            </Anchor>
          ) : (
            <Text key={`${item.label}-${index}`} size="sm" fw={600} aria-current={index === items.length - 1 ? 'page' : undefined}>
              {item.label}
            </Text>
          ),
        )}
      </MantineBreadcrumbs>
    </nav>
  );
}
