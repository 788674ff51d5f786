import { Anchor, Badge, Group, Skeleton, Text, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';
import { roleName, type HierarchyNode } from '@dossier/shared';
import { useHierarchyLevel } from '../api/hierarchy';
import classes from './HierarchyTree.module.css';

interface TreeProps {
  parent: string | null;
  expanded: ReadonlySet<string>;
  highlight: string | null;
  onToggle: (code: string) => void;
  depth: number;
}

/** One level of the organisation: fetched when its parent opens, so 5,000 people cost one level at a time. */
export function HierarchyLevel({ parent, expanded, highlight, onToggle, depth }: TreeProps) {
  const level = useHierarchyLevel(parent);
  if (level.isPending) return <Skeleton height={28} my={4} ml={depth * 20} width="60%" aria-hidden="true" />;
  const nodes = level.data?.nodes ?? [];
  return (
    <ul className={classes.level} role={depth === 0 ? 'tree' : 'group'} aria-label={depth === 0 ? 'Organisation' : undefined}>
      {nodes.map((node) => (
        <TreeNode key={node.code} node={node} expanded={expanded} highlight={highlight} onToggle={onToggle} depth={depth} />
      ))}
    </ul>
  );
}

function TreeNode({ node, expanded, highlight, onToggle, depth }: Omit<TreeProps, 'parent'> & { node: HierarchyNode }) {
  const open = expanded.has(node.code);
  const hasChildren = node.direct_reports > 0;
  return (
    <li role="treeitem" aria-expanded={hasChildren ? open : undefined} aria-selected={highlight === node.code} className={classes.item}>
      <Group
        gap={6}
        wrap="nowrap"
        className={highlight === node.code ? classes.highlight : classes.row}
        style={{ paddingLeft: `calc(${depth} * var(--tree-indent))` }}
      >
        {hasChildren ? (
          <UnstyledButton
            onClick={() => onToggle(node.code)}
            aria-label={`${open ? 'Collapse' : 'Expand'} ${node.name}`}
            className={classes.toggle}
          >
            {open ? '▾' : '▸'}
          </UnstyledButton>
        ) : (
          <span className={classes.toggle} aria-hidden="true" />
        )}
        <Anchor
          component={Link}
          to={`/admin/people/${encodeURIComponent(node.code)}`}
          size="sm"
          c={node.active ? 'indigo.8' : 'gray.7'}
          className={classes.name}
        >
          {node.name}
        </Anchor>
        <Text size="xs" c="gray.7" className={classes.meta}>
          {node.code} · {roleName(node.designation)}
          {node.active ? '' : ' · inactive'}
        </Text>
        {/* The counts keep their width on a phone; the name wraps instead. */}
        <Badge size="xs" variant="light" title="People below (all levels)" style={{ flexShrink: 0 }}>
          {node.team_size} {node.team_size === 1 ? 'person' : 'people'}
        </Badge>
        <Badge size="xs" variant="light" color="teal" title="Partners mapped in this team" style={{ flexShrink: 0 }}>
          {node.partners} {node.partners === 1 ? 'partner' : 'partners'}
        </Badge>
      </Group>
      {open && hasChildren ? (
        <HierarchyLevel parent={node.code} expanded={expanded} highlight={highlight} onToggle={onToggle} depth={depth + 1} />
      ) : null}
    </li>
  );
}
